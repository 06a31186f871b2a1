/**
 * A client of the API as a browser would be one: it keeps cookies and echoes the XSRF token,
 * so tests read like what a member does. Requests go through Fastify's inject (no socket), and
 * every answer is checked against the OpenAPI document the app publishes.
 */
import { randomUUID } from 'node:crypto';
import { createEmailVerificationToken } from 'better-auth/api';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { addDays, dayIn } from '../../src/common/calendar.ts';
import { CIRCULATION_DEFAULTS } from '../../src/common/constants.ts';
import { answerOf, checksEveryInject, contractOf } from './api-contract.ts';

export interface AgentResponse<T = unknown> {
  status: number;
  body: T;
  headers: LightMyRequestResponse['headers'];
}

export class Agent {
  private readonly cookies = new Map<string, string>();
  /** Set false to behave like a page that forgot the XSRF header. */
  sendXsrf = true;

  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress = '127.0.0.1',
  ) {}

  /** The same client (its cookies) talking to another server, as behind a load balancer. */
  to(app: FastifyInstance): Agent {
    const other = new Agent(app, this.remoteAddress);
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    return other;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Every cookie as a `Cookie` header, for a request written by hand on a socket. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request<T = unknown>(
    options: InjectOptions & { method: string; url: string },
  ): Promise<AgentResponse<T>> {
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (this.sendXsrf && xsrf && !('x-xsrf-token' in headers)) headers['x-xsrf-token'] = xsrf;
    const response = await this.app.inject({
      ...options,
      headers,
      remoteAddress: this.remoteAddress,
    });
    // Every answer keeps to the published OpenAPI document (api-contract.ts).
    if (!checksEveryInject(this.app))
      (await contractOf(this.app)).check(answerOf(options, response));
    for (const cookie of response.cookies) {
      if (cookie.maxAge === 0 || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    const isJson =
      String(response.headers['content-type'] ?? '').includes('json') && response.body !== '';
    return {
      status: response.statusCode,
      body: (isJson ? response.json() : response.body) as T,
      headers: response.headers,
    };
  }

  get<T = unknown>(url: string) {
    return this.request<T>({ method: 'GET', url });
  }
  post<T = unknown>(url: string, payload?: unknown) {
    return this.request<T>({ method: 'POST', url, payload: payload as InjectOptions['payload'] });
  }
  patch<T = unknown>(url: string, payload?: unknown) {
    return this.request<T>({ method: 'PATCH', url, payload: payload as InjectOptions['payload'] });
  }
  put<T = unknown>(url: string, payload?: unknown) {
    return this.request<T>({ method: 'PUT', url, payload: payload as InjectOptions['payload'] });
  }
  delete<T = unknown>(url: string, payload?: unknown) {
    return this.request<T>({ method: 'DELETE', url, payload: payload as InjectOptions['payload'] });
  }
}

export const uniqueEmail = (label = 'member') => `${label}-${randomUUID().slice(0, 8)}@example.org`;

export const VALID_PASSWORD = 'Library123';

/** A fresh member, signed in: the agent holds their session cookie and an XSRF token. */
export async function signUp(app: FastifyInstance, name = 'Test Member', remoteAddress?: string) {
  const agent = new Agent(app, remoteAddress);
  await agent.get('/api/health');
  const email = uniqueEmail();
  const response = await agent.post('/api/auth/sign-up/email', {
    name,
    email,
    password: VALID_PASSWORD,
    image: '/images/avatar-placeholder.svg',
  });
  if (response.status !== 200)
    throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { agent, email, name };
}

export const validBook = {
  name: 'Pather Panchali',
  author: 'Bibhutibhushan Bandyopadhyay',
  category: 'Novel',
  quantity: 3,
  rating: 4.8,
  shortDescription: 'A childhood in a Bengal village.',
  image: '/covers/pather-panchali.svg',
  content: 'Apu and Durga grow up in Nischindipur.',
};

/** Adds a book as the given member and answers its id. */
export async function addBook(
  agent: Agent,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const response = await agent.post<{ insertedId: string }>('/api/books', {
    ...validBook,
    ...overrides,
  });
  if (response.status !== 201)
    throw new Error(`add failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.insertedId;
}

/**
 * Loan dates the server accepts now: today on the library's calendar and a return `days` later
 * (the default loan period). `now` is the library's clock when a test has moved it.
 */
export function loanDates(days: number = CIRCULATION_DEFAULTS.loanDays, now = new Date()) {
  const today = dayIn(CIRCULATION_DEFAULTS.libraryTimezone, now);
  return { borrowedDate: today, returnDate: addDays(today, days) };
}

/**
 * The path of the confirmation link better-auth mails to `email`, signed with the server's
 * secret: opening it confirms the address as the mailed link would (a listed librarian's role
 * comes with it).
 */
export async function confirmationLink(email: string, secret: string): Promise<string> {
  const token = await createEmailVerificationToken(secret, email);
  return `/api/auth/verify-email?token=${encodeURIComponent(token)}`;
}

/** Signs up with an address listed in LIBRARIAN_EMAILS and confirms it: a librarian, signed in. */
export async function signUpLibrarian(
  server: { app: FastifyInstance; config: { authSecret: string } },
  email: string,
  name = 'Head Librarian',
): Promise<Agent> {
  const agent = new Agent(server.app);
  await agent.get('/api/health');
  const response = await agent.post('/api/auth/sign-up/email', {
    name,
    email,
    password: VALID_PASSWORD,
  });
  if (response.status !== 200)
    throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  await agent.get(await confirmationLink(email, server.config.authSecret));
  return agent;
}

/** How many books the catalogue lists (the list's X-Total-Count), as `agent` sees it. */
export const bookCount = async (agent: Agent) =>
  Number((await agent.get('/api/books?limit=1')).headers['x-total-count']);
