// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation
import Hummingbird

/// The REST API's template routes: `GET /v1/projects/{project}/remoteConfig` (the template and its `ETag`,
/// `etag-{project}-{version}`) and `PUT` (publishes the body under the next version when `If-Match` is the
/// current ETag or `*`, and wakes every real-time stream; `?validateOnly=true` only checks it).
struct RemoteConfigTemplateRoutes {
    let projectID: String
    let backend: EmulatorRemoteConfigBackend

    func get() -> Response {
        let (object, version) = backend.templateObject()
        return EmulatorResponse.json(object, headers: [.eTag: etag(version)])
    }

    func put(_ request: EmulatorRequest) throws -> Response {
        let body = try request.jsonObject()
        let template: RemoteConfigRESTTemplate
        do {
            template = try RemoteConfigRESTTemplate(json: body)
        } catch {
            throw EmulatorHTTPError(.badRequest, "VALIDATION_ERROR : \(error.message)")
        }
        guard let tag = request.header("If-Match") else {
            throw EmulatorHTTPError(
                .preconditionFailed, "VERSION_MISMATCH : If-Match is required (the template's ETag, or * to force)")
        }
        let current = backend.templateVersion
        let expected: Int?
        if tag == "*" {
            expected = nil
        } else {
            guard tag == etag(current) else {
                throw EmulatorHTTPError(
                    .preconditionFailed,
                    "VERSION_MISMATCH : If-Match \(tag.prefix(100)) is not the current ETag \(etag(current))")
            }
            expected = current
        }
        if request.query["validateOnly"] == "true" {
            var answer = body
            answer["version"] = nil
            return EmulatorResponse.json(answer, headers: [.eTag: etag(current)])
        }
        let published: Int?
        do {
            published = try backend.publish(template, ifVersion: expected)
        } catch {
            throw EmulatorHTTPError(.internalServerError, "INTERNAL : the template could not be saved: \(error)")
        }
        guard published != nil else {
            throw EmulatorHTTPError(.preconditionFailed, "VERSION_MISMATCH : the template changed meanwhile")
        }
        return get()
    }

    private func etag(_ version: Int) -> String {
        "etag-\(projectID)-\(version)"
    }
}
