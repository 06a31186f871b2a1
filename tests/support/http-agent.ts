/**
 * A cookie-keeping client over real sockets, for servers running as processes. Every answer is
 * checked against the OpenAPI document the server publishes.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { validBook } from './agent.ts';
import { ApiContract, type OpenApiDocument } from './api-contract.ts';

/** Each server's document, read once. */
const contracts = new Map<string, Promise<ApiContract>>();

function contractAt(baseUrl: string): Promise<ApiContract> {
  let contract = contracts.get(baseUrl);
  if (!contract) {
    contract = fetch(`${baseUrl}/api/openapi.json`)
      .then((response) => response.json() as Promise<OpenApiDocument>)
      .then((document) => new ApiContract(document));
    contracts.set(baseUrl, contract);
  }
  return contract;
}

export class HttpAgent {
  private readonly cookies = new Map<string, string>();

  /** `origin` is what a browser would send: the public origin the servers sit behind. */
  constructor(
    public baseUrl: string,
    private readonly origin = baseUrl,
  ) {}

  /** The same browser, talking to another server instance. */
  to(baseUrl: string): HttpAgent {
    const other = new HttpAgent(baseUrl, this.origin);
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    return other;
  }

  async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { origin: this.origin };
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = xsrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    (await contractAt(this.baseUrl)).check({
      method,
      url: path,
      status: response.status,
      contentType: response.headers.get('content-type') ?? undefined,
      body: text,
    });
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  static async signUp(baseUrl: string, origin = baseUrl): Promise<HttpAgent> {
    const agent = new HttpAgent(baseUrl, origin);
    await agent.request('GET', '/api/health');
    const response = await agent.request('POST', '/api/auth/sign-up/email', {
      name: 'Process Member',
      email: `process-${randomUUID().slice(0, 8)}@example.org`,
      password: 'Library123',
      image: '/images/avatar-placeholder.svg',
    });
    if (response.status !== 200) throw new Error(`sign-up failed: ${response.status}`);
    return agent;
  }
}

/** Adds a valid book with `quantity` copies through `agent` (a librarian's); answers its id. */
export async function addBookOver(agent: HttpAgent, quantity: number): Promise<string> {
  const response = await agent.request<{ insertedId: string }>('POST', '/api/books', {
    ...validBook,
    quantity,
  });
  expect(response.status).toBe(201);
  return response.body.insertedId;
}
