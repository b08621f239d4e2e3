// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The content type an upload from a file gets when its metadata sets none, from the file's extension (the
/// SDK's `StorageUtils.MIMETypeForExtension`, which asks the system's type registry; Flint carries a table of
/// the common types so that every platform, Linux included, answers alike).
enum MIMEType {
    /// The type for files without a known extension.
    static let fallback = "application/octet-stream"

    /// The content type for a file extension (case-insensitive, without the dot), or ``fallback``.
    static func forExtension(_ fileExtension: String) -> String {
        byExtension[fileExtension.lowercased()] ?? fallback
    }

    private static let byExtension: [String: String] = [
        // Text and data
        "txt": "text/plain", "text": "text/plain", "md": "text/markdown", "markdown": "text/markdown",
        "html": "text/html", "htm": "text/html", "css": "text/css", "csv": "text/csv",
        "js": "text/javascript", "mjs": "text/javascript", "json": "application/json", "xml": "application/xml",
        "yaml": "application/x-yaml", "yml": "application/x-yaml", "rtf": "text/rtf", "ics": "text/calendar",
        "vcf": "text/vcard",
        // Images
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "heic": "image/heic", "heif": "image/heif", "avif": "image/avif", "svg": "image/svg+xml",
        "bmp": "image/bmp", "tif": "image/tiff", "tiff": "image/tiff", "ico": "image/vnd.microsoft.icon",
        // Audio and video
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "aac": "audio/aac", "wav": "audio/wav", "flac": "audio/flac",
        "ogg": "audio/ogg", "oga": "audio/ogg", "opus": "audio/opus", "mid": "audio/midi", "midi": "audio/midi",
        "mp4": "video/mp4", "m4v": "video/mp4", "mov": "video/quicktime", "webm": "video/webm",
        "mkv": "video/x-matroska", "avi": "video/x-msvideo", "ogv": "video/ogg", "3gp": "video/3gpp",
        // Documents and archives
        "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip", "tgz": "application/gzip",
        "tar": "application/x-tar", "7z": "application/x-7z-compressed", "rar": "application/vnd.rar",
        "doc": "application/msword",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xls": "application/vnd.ms-excel",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "ppt": "application/vnd.ms-powerpoint",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "epub": "application/epub+zip", "wasm": "application/wasm",
        // Fonts
        "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf",
    ]
}
