/**
 * HTTP of MARC 21 import and export (common/api/marc.endpoints.ts, docs/product/marc.md).
 *
 * The upload is kept in a temporary file as it arrives, then read from there record by record:
 * so a file that is too large, or not MARC at all, is refused before anything is stored, and the
 * import may take longer than the time the server gives a request to arrive (REQUEST_TIMEOUT).
 * A body over the limit is answered 413 once the error handler has read and discarded the rest of
 * it (plugins/errors.ts), so the client gets its answer rather than a cut connection.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { marcEndpoints } from '../../common/api/marc.endpoints.ts';
import { MARC_LIMIT_BYTES } from '../../common/marc-schemas.ts';
import { serve } from '../api/serve.ts';
import { MULTIPART_OVERHEAD_BYTES, uploadRefusal } from '../api/uploads.ts';
import { ApiError } from '../http-errors.ts';
import { exportMarc, type ExportFormat } from './marc-export.ts';
import { importMarc } from './marc-import.ts';
import { readMarc, SNIFF_BYTES, sniffFormat, type MarcFormat } from './marc-reader.ts';

const tooLarge = () =>
  new ApiError(
    413,
    'PAYLOAD_TOO_LARGE',
    `The MARC file is larger than ${MARC_LIMIT_BYTES / 1024 / 1024} MB; export it in parts`,
  );

const notMarc = () =>
  new ApiError(
    400,
    'INVALID_MARC',
    'This file is not MARC 21: send ISO 2709 (.mrc) or MARCXML. Nothing was imported.',
  );

interface Upload {
  file: string;
  category: string | undefined;
}

/** Receives the form into a temporary folder: the file, and the category field. */
async function receive(request: FastifyRequest, folder: string): Promise<Upload> {
  const file = path.join(folder, 'upload');
  let received = false;
  let category: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'category' && typeof part.value === 'string') category = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || received) {
        part.file.resume();
        continue;
      }
      await pipeline(part.file, createWriteStream(file));
      if (part.file.truncated) throw tooLarge();
      received = true;
    }
  } catch (error) {
    throw uploadRefusal(error, tooLarge, 'the MARC file');
  }
  if (!received)
    throw new ApiError(400, 'VALIDATION', 'Send the MARC file in the field named file', [
      { path: 'file', message: 'Choose a MARC file' },
    ]);
  return { file, category };
}

/** What the file's first bytes say it is; an empty file or anything else is no MARC. */
async function formatOf(file: string): Promise<MarcFormat> {
  const handle = await open(file);
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    const format = sniffFormat(head.subarray(0, bytesRead));
    if (!format) throw notMarc();
    return format;
  } finally {
    await handle.close();
  }
}

export async function marcRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const { clock } = app;

  const sendExport = (reply: FastifyReply, format: ExportFormat) => {
    const [type, name] =
      format === 'marcxml'
        ? ['application/marcxml+xml; charset=utf-8', 'catalogue.marcxml']
        : ['application/marc', 'catalogue.mrc'];
    return reply
      .header('content-type', type)
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(Readable.from(exportMarc(db, format)));
  };

  const { importMarc: importEndpoint, ...exports } = marcEndpoints;

  // Multipart is accepted by the import only: every other route still refuses it with 415.
  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: {
        fileSize: MARC_LIMIT_BYTES,
        files: 1,
        fields: 1,
        parts: 2,
        fieldSize: 200,
        headerPairs: 10,
      },
    });
    serve(
      upload,
      { importMarc: importEndpoint },
      {
        importMarc: async (request, reply) => {
          const declared = request.headers['content-length'];
          if (declared === undefined) {
            reply.header('connection', 'close');
            throw new ApiError(411, 'VALIDATION', 'Send the MARC file with its Content-Length');
          }
          if (Number(declared) > MARC_LIMIT_BYTES + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
          const folder = await mkdtemp(path.join(tmpdir(), 'pathagar-marc-'));
          try {
            const upload = await receive(request, folder);
            const categories = await app.categories.list();
            const category = categories.find(
              (known) => known.name.toLowerCase() === upload.category?.trim().toLowerCase(),
            );
            if (!category)
              throw new ApiError(
                400,
                'VALIDATION',
                "Choose the library's category for records that name none",
                [
                  {
                    path: 'category',
                    message: `One of ${categories.map((c) => c.name).join(', ')}`,
                  },
                ],
              );
            const format = await formatOf(upload.file);
            return await importMarc(
              db,
              app.copies,
              readMarc(format, createReadStream(upload.file)),
              {
                dryRun: request.query.dryRun === 'true',
                category: category.name,
                categories,
                thisYear: Number(clock.today().slice(0, 4)),
                now: () => clock.now(),
              },
            );
          } finally {
            await rm(folder, { recursive: true, force: true });
          }
        },
      },
    );
  });

  serve(app, exports, {
    exportMarc: async (_request, reply) => sendExport(reply, 'iso2709'),
    exportMarcXml: async (_request, reply) => sendExport(reply, 'marcxml'),
  });
}
