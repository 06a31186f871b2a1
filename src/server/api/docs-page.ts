/**
 * The reference page at /api/docs: the OpenAPI document as one HTML page made on the server, with
 * no script at all, so the API's Content-Security-Policy holds; its one inline stylesheet is let
 * in by its hash. Nothing is loaded from another site.
 */
import { createHash } from 'node:crypto';
import type { OpenAPIV3_1 } from 'openapi-types';
import { escapeHtml } from '../pages/page-preparation.ts';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
body { max-width: 64rem; margin: 0 auto; padding: 1.5rem 1rem 4rem; }
h1 { margin-bottom: 0.25rem; }
h2 { margin-top: 2.5rem; border-bottom: 1px solid #8884; }
details { border: 1px solid #8886; border-radius: 0.5rem; margin: 0.5rem 0; }
summary { cursor: pointer; padding: 0.5rem 0.75rem; display: flex; gap: 0.75rem; align-items: baseline; flex-wrap: wrap; }
details > div { padding: 0 0.75rem 0.75rem; }
.method { font: 700 0.8rem ui-monospace, monospace; text-transform: uppercase; min-width: 4rem; padding: 0.1rem 0.4rem; border-radius: 0.25rem; text-align: center; color: #fff; }
.get { background: #1d6fb8; } .post { background: #1e7a3c; } .patch { background: #9a5b00; } .delete { background: #b3261e; } .put { background: #6b3fa0; }
code, pre { font-family: ui-monospace, monospace; font-size: 0.85rem; overflow-wrap: anywhere; }
pre { background: #8881; padding: 0.75rem; border-radius: 0.375rem; overflow-x: auto; white-space: pre-wrap; }
table { border-collapse: collapse; width: 100%; } td, th { text-align: left; padding: 0.25rem 0.5rem; border-bottom: 1px solid #8884; vertical-align: top; }
`;

/** Text with `code` spans, as the document's descriptions write them (Markdown's simplest part). */
const prose = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const schemaBlock = (schema: unknown) =>
  `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;

function parametersTable(parameters: OpenAPIV3_1.ParameterObject[]): string {
  if (parameters.length === 0) return '';
  const rows = parameters
    .map(
      (parameter) =>
        `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${parameter.in}${parameter.required ? ', required' : ''}</td>` +
        `<td><code>${escapeHtml(JSON.stringify(parameter.schema ?? {}))}</code></td></tr>`,
    )
    .join('');
  return `<h4>Parameters</h4><table><tr><th>Name</th><th>In</th><th>Schema</th></tr>${rows}</table>`;
}

function contentBlocks(content: Record<string, OpenAPIV3_1.MediaTypeObject> | undefined): string {
  return Object.entries(content ?? {})
    .map(([type, media]) => `<p><code>${escapeHtml(type)}</code></p>${schemaBlock(media.schema)}`)
    .join('');
}

function operationHtml(method: string, path: string, operation: OpenAPIV3_1.OperationObject) {
  const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  const responses = Object.entries(operation.responses ?? {})
    .map(([status, answer]) => {
      const { description, content } = answer as OpenAPIV3_1.ResponseObject;
      return `<h4>${escapeHtml(status)} ${escapeHtml(description)}</h4>${contentBlocks(content)}`;
    })
    .join('');
  return (
    `<details><summary><span class="method ${method}">${method}</span><code>${escapeHtml(path)}</code>` +
    `<span>${escapeHtml(operation.summary ?? '')}</span></summary><div>` +
    parametersTable((operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[]) +
    (body ? `<h4>Request body</h4>${contentBlocks(body.content)}` : '') +
    `${responses}</div></details>`
  );
}

/** Operations grouped by their first tag, in the document's order. */
function sections(document: OpenAPIV3_1.Document): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, operation)]);
    }
  }
  return [...byTag]
    .map(([tag, operations]) => `<h2>${escapeHtml(tag)}</h2>${operations.join('')}`)
    .join('');
}

function componentsHtml(document: OpenAPIV3_1.Document): string {
  const schemas = Object.entries(document.components?.schemas ?? {});
  if (schemas.length === 0) return '';
  return (
    '<h2>Schemas</h2>' +
    schemas
      .map(
        ([name, schema]) =>
          `<details id="${escapeHtml(name)}"><summary><code>${escapeHtml(name)}</code></summary><div>${schemaBlock(schema)}</div></details>`,
      )
      .join('')
  );
}

export function docsPage(document: OpenAPIV3_1.Document): { html: string; csp: string } {
  const { title, version, description } = document.info;
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)} reference</title><style>${STYLE}</style></head><body>` +
    `<h1>${escapeHtml(title)}</h1><p>Version ${escapeHtml(version)} · OpenAPI ${escapeHtml(document.openapi)} · ` +
    `<a href="/api/openapi.json">openapi.json</a></p><p>${prose(description ?? '')}</p>` +
    `${sections(document)}${componentsHtml(document)}</body></html>`;
  const styleHash = createHash('sha256').update(STYLE).digest('base64');
  const csp = `default-src 'none'; style-src 'sha256-${styleHash}'; frame-ancestors 'none'`;
  return { html, csp };
}
