// A small HTTP client for tests. Every response under /v2.2 and /api/v1/warehouse is checked against
// the door's OpenAPI document.
import { compatValidator, compatWebhooksValidator, restValidator, type OpenApiValidator } from "./openapi.js";

export interface HttpResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string | null;
  headers?: Record<string, string>;
  body?: unknown;
  /** Raw body text (sent as is). */
  raw?: string;
  contentType?: string;
}

export class HttpClient {
  constructor(
    readonly baseUrl: string,
    private readonly validators: OpenApiValidator[] = [restValidator, compatValidator, compatWebhooksValidator],
    readonly graphqlUrl = baseUrl,
  ) {}

  async request<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<HttpResponse<T>> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.raw !== undefined) {
      body = opts.raw;
      headers["content-type"] = opts.contentType ?? "application/json";
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers["content-type"] = opts.contentType ?? "application/json";
    }
    const res = await fetch(this.baseUrl + path, { method, headers, body });
    const text = await res.text();
    const type = res.headers.get("content-type");
    let parsed: any = text;
    if (type && /json/.test(type) && text) parsed = JSON.parse(text);
    else if (!text) parsed = undefined;
    for (const v of this.validators) v.check(method, this.baseUrl + path, res.status, type, parsed);
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, opts?: RequestOptions) {
    return this.request<T>("GET", path, opts);
  }
  post<T = any>(path: string, body?: unknown, opts?: RequestOptions) {
    return this.request<T>("POST", path, { ...opts, body });
  }
  put<T = any>(path: string, body?: unknown, opts?: RequestOptions) {
    return this.request<T>("PUT", path, { ...opts, body });
  }
  delete<T = any>(path: string, opts?: RequestOptions) {
    return this.request<T>("DELETE", path, opts);
  }

  /** Runs a GraphQL operation at /graphql; returns { data, errors }. */
  async graphql<T = any>(
    query: string,
    variables: Record<string, unknown> = {},
    token?: string | null,
  ): Promise<{ data: T; errors?: any[] }> {
    const res = await fetch(this.graphqlUrl + "/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as { data: T; errors?: any[] };
  }
}
