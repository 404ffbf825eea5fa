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
    /** Asks again after a 503 (see `retrying`), this many times at most. */
    private readonly unavailableRetries = 0,
  ) {}

  /**
   * The same client acting as the API's documentation tells a client to: a 503 (the database unavailable, or a
   * transaction that lost to contention under load: nothing was written) is asked again after its Retry-After
   * (here at most 1 s), up to four times. For bursts of racing writes whose outcomes a test counts: a burst on a
   * loaded machine may outlast a transaction's time limit, and that 503 is the service's right answer.
   */
  retrying(): HttpClient {
    return new HttpClient(this.baseUrl, this.validators, this.graphqlUrl, 4);
  }

  async request<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<HttpResponse<T>> {
    for (let retry = 0; ; retry++) {
      const res = await this.once<T>(method, path, opts);
      if (res.status !== 503 || retry >= this.unavailableRetries) return res;
      const after = Number(res.headers.get("retry-after")) || 1;
      await new Promise((resolve) => setTimeout(resolve, Math.min(after, 1) * 1000));
    }
  }

  private async once<T>(method: string, path: string, opts: RequestOptions): Promise<HttpResponse<T>> {
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
