// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation
import Hummingbird

/// Building answers.
enum EmulatorResponse {
    /// A JSON answer of `object` (any JSON value; `null` for nil).
    static func json(_ object: Any?, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        let data =
            (try? JSONSerialization.data(
                withJSONObject: object ?? NSNull(), options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes]))
            ?? Data("null".utf8)
        return raw(data, status: status, headers: headers)
    }

    /// A JSON answer whose text is `data`.
    static func raw(_ data: Data, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.cacheControl] = "no-cache"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
