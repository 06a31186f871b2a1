// Runs in the 500x600 Google popup: asks the server for Google's consent page and goes there.
// Plain files rather than app code, because the page must work before and outside the app.
const MESSAGE_TYPE = 'pathagar:google-sign-in';

function report(error) {
  window.opener?.postMessage({ type: MESSAGE_TYPE, error }, window.location.origin);
  window.close();
}

function xsrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : '';
}

try {
  const response = await fetch('/api/auth/sign-in/social', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrfToken() },
    body: JSON.stringify({
      provider: 'google',
      callbackURL: '/oauth/done.html',
      errorCallbackURL: '/oauth/done.html',
    }),
  });
  const body = await response.json().catch(() => ({}));
  if (response.ok && typeof body.url === 'string') window.location.assign(body.url);
  else if (response.status === 404 || /provider not found/i.test(String(body.error)))
    report('Google sign-in is not configured for this library.');
  else report(body.error || 'Google did not answer. Please try again.');
} catch {
  report('Could not reach the library. Please check your connection and try again.');
}
