/** An error the gateway answers with a fixed status and body (ScanCode.io's shapes). */
export class ApiError extends Error {
  constructor(readonly status: number, readonly body: unknown, readonly headers: Record<string, string> = {}) {
    super(typeof body === 'object' && body !== null ? JSON.stringify(body) : String(body));
  }

  static badRequest(body: unknown): ApiError {
    return new ApiError(400, body);
  }

  static status(message: string): ApiError {
    return new ApiError(400, { status: message });
  }

  static notFound(detail = 'Not found.'): ApiError {
    return new ApiError(404, { detail });
  }
}
