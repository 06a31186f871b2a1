// Google sent the popup back here: tell the page that opened it how it went, then close.
const MESSAGE_TYPE = 'pathagar:google-sign-in';
const error = new URLSearchParams(window.location.search).get('error');
window.opener?.postMessage(
  { type: MESSAGE_TYPE, error: error ? `Google sign-in did not complete (${error}).` : null },
  window.location.origin,
);
window.close();
