import { z } from 'zod';

// zod compiles fast validators with `new Function`, which the Content-Security-Policy forbids
// (no 'unsafe-eval'); even its probe for eval support is reported as a violation. Interpreted
// validation is plenty fast for forms.
z.config({ jitless: true });
