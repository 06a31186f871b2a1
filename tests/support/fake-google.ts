/** A local OpenID Connect provider standing in for Google, with one person who can sign in. */
import { OAuth2Server } from 'oauth2-mock-server';

export interface FakeGoogle {
  issuer: string;
  person: { sub: string; email: string; name: string; picture: string };
  stop(): Promise<void>;
}

export async function startFakeGoogle(
  port = 0,
  email = 'ayesha.google@example.org',
): Promise<FakeGoogle> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(port, '127.0.0.1');
  const person = {
    sub: 'google-ayesha',
    email,
    name: 'Ayesha Siddika',
    picture: '/images/avatar-placeholder.svg',
  };
  const claims = { ...person, email_verified: true };
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, claims);
  });
  server.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
    response.body = claims;
  });
  return {
    issuer: server.issuer.url ?? `http://127.0.0.1:${port}`,
    person,
    stop: () => server.stop(),
  };
}
