/**
 * POST common/:table/import (building-blocks §2, §6): one .xlsx or .xls file (multipart field
 * `file`) with `importTemplateId` or `fields` (JSON). Every row is checked — required, pattern,
 * options (label → value), types, length, control characters, unique in the file and among live
 * rows — and only a file without a single error is written: all rows in one transaction, with
 * auto-numbers filled and one audit entry. The answer lists every bad cell as { row, key, title,
 * message } (row as the spreadsheet numbers it) in the caller's language.
 *
 * Multipart bodies are never sealed (docs/envelope.md), so the route takes unsealed requests;
 * the session still authenticates it and its app decides the table.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '../../../protocol/codes';
import { translate } from '../../../protocol/messages/index';
import { textOf } from '../../../protocol/page-schema';
import type { ServerContext } from '../../context';
import { newId } from '../../db/ids';
import { insertAudit } from '../../db/tables';
import { ApiError, badRequest } from '../../errors';
import { tableParams } from '../../http/shapes';
import { langOf } from '../../reply';
import { audit, resolveTarget, type Target } from '../access';
import { fillAutoNumbers, takenIn } from '../auto-number';
import { withDataErrors } from '../db-errors';
import { writableValues, type Row } from '../values';
import { storedFacts } from '../declared-limit';
import { sanitizeRichColumns } from '../rich-text';
import { convertRows, duplicatesInFile, mapHeader, requiredWhenErrors, type RowError } from './convert';
import { ImportFileError } from './errors';
import { importSpec, unlistedRequired } from './fields';
import { readSheet } from './read';
import { checkDictWrite, isDictTable, publishDictChanged } from '../dict/rules';

export const DEFAULT_IMPORT_MAX_ROWS = 200;
/** Upload size; 200 rows of a spreadsheet are far below it. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
/** Inflated size of an .xlsx's parts together (zip-bomb bound). */
export const MAX_UNZIPPED_BYTES = 50 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 1000;
const INSERT_CHUNK = 100;

interface Upload {
  file?: Buffer;
  fields: Map<string, string>;
}

async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw badRequest('data.import.noFile');
  const upload: Upload = { fields: new Map() };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.file.truncated) throw badRequest('data.import.tooLarge');
        if (part.fieldname === 'file' && !upload.file) upload.file = data;
      } else if (
        typeof part.value === 'string' &&
        (part.fieldname === 'importTemplateId' || part.fieldname === 'fields')
      ) {
        upload.fields.set(part.fieldname, part.value);
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (/FST_REQ_FILE_TOO_LARGE|FST_PARTS_LIMIT|FST_FILES_LIMIT|FST_FIELDS_LIMIT/.test(code)) {
      throw badRequest('data.import.tooLarge');
    }
    throw badRequest('data.import.noFile');
  }
  if (!upload.file || upload.file.length === 0) throw badRequest('data.import.noFile');
  return upload;
}

export function registerImport(app: FastifyInstance, ctx: ServerContext): void {
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5, fieldSize: 64 * 1024, parts: 8 },
    });

    scope.post(
      '/api/common/:table/import',
      { config: { envelope: 'optional' }, schema: { params: tableParams } },
      async (request) => {
        const target = await resolveTarget(ctx, request, 'write');
        const lang = langOf(request);
        try {
          return await runImport(ctx, request, target, lang);
        } catch (error) {
          // The import dialog reads code and msg (building-blocks §8): refusals carry msg too.
          if (
            error instanceof ApiError &&
            (error.code === ResultCode.BAD_REQUEST || error.code === ResultCode.DATA_ERROR)
          ) {
            if (error.cause) request.log.error({ err: error.cause }, 'import failed');
            const message = translate(lang, error.key, error.vars);
            return { code: error.code, message, msg: message, data: { imported: 0, errors: [] } };
          }
          throw error;
        }
      },
    );
  });
}

async function runImport(ctx: ServerContext, request: FastifyRequest, target: Target, lang: 'zh' | 'en') {
  const upload = await readUpload(request);
  const spec = await importSpec(
    ctx,
    target,
    { templateId: upload.fields.get('importTemplateId'), fields: upload.fields.get('fields') },
    lang,
  );
  const unlisted = unlistedRequired(target, spec);
  if (unlisted.length) {
    throw badRequest('data.import.missingColumns', {
      titles: unlisted.map((c) => textOf(c.title, lang) || c.name).join('、'),
    });
  }

  let sheet: ReturnType<typeof readSheet>;
  try {
    sheet = readSheet(upload.file!, {
      maxRows: ctx.config.importMaxRows ?? DEFAULT_IMPORT_MAX_ROWS,
      maxUnzipped: MAX_UNZIPPED_BYTES,
      maxEntries: MAX_ZIP_ENTRIES,
    });
  } catch (error) {
    if (error instanceof ImportFileError) throw error.toApiError();
    throw error;
  }
  const columns = mapHeader(sheet.header, spec.fields);
  const { records, errors } = convertRows(sheet.rows, spec.fields, columns, lang);
  errors.push(...requiredWhenErrors(records, target.table, spec, errors, lang));
  errors.push(...duplicatesInFile(records, spec.fields, lang));

  // Unique among live rows. The database's own equality decides which values it returns
  // (case-insensitive on MySQL), so returned values are compared ignoring case.
  const taken = takenIn(ctx.db.db, target.table, target.scope.appId);
  for (const field of spec.fields.filter((f) => f.unique)) {
    const values = records.map((r) => r.values[field.key]).filter((v) => v !== null && v !== undefined && v !== '');
    if (values.length === 0) continue;
    const found = new Set([...(await taken(field.key, [...new Set(values.map(String))]))].map((v) => v.toLowerCase()));
    for (const record of records) {
      const value = record.values[field.key];
      if (value !== null && value !== undefined && found.has(String(value).toLowerCase())) {
        errors.push({
          row: record.row,
          key: field.key,
          title: field.title,
          message: translate(lang, 'data.row.duplicateDb', { value: String(value).slice(0, 40) }),
        });
      }
    }
  }
  if (errors.length) return failure(lang, errors);

  const rows: Row[] = records.map((r) => ({ ...r.values }));
  await fillAutoNumbers(rows, spec.autoNumbers, taken, { now: ctx.now });
  const now = ctx.now();
  const { richColumns } = await storedFacts(ctx, target.scope.appId, target.table);
  const stored = rows.map((values) => ({
    ...sanitizeRichColumns(writableValues(target.table, values, 'create'), richColumns, true),
    id: newId(),
    app_id: target.scope.appId,
    ...insertAudit(target.auth.user.id, now),
  }));
  await withDataErrors(ctx.db, target.table, () =>
    ctx.db.db.transaction().execute(async (trx) => {
      // Dictionary rows one by one, each checked like a single create (docs/dict.md), so a value
      // repeated in the file or already stored refuses the whole import.
      const dict = isDictTable(ctx, target.table.physical);
      for (const row of dict ? stored : []) {
        await checkDictWrite(ctx, trx, target, undefined, row);
        await trx.insertInto(target.table.physical).values(row).execute();
      }
      for (let i = 0; i < (dict ? 0 : stored.length); i += INSERT_CHUNK) {
        await trx
          .insertInto(target.table.physical)
          .values(stored.slice(i, i + INSERT_CHUNK))
          .execute();
      }
      // One entry for the whole import: how many rows, not a copy of the spreadsheet.
      await audit(ctx, trx, request, target, 'import', [{ id: null, after: { imported: stored.length } }]);
    }),
  );
  if (isDictTable(ctx, target.table.physical)) {
    const column = target.table.physical === ctx.tables.dict ? 'dict_code' : 'code';
    await publishDictChanged(ctx, target.scope.appId, [...new Set(stored.map((r) => String((r as Row)[column])))]);
  }
  const message = translate(lang, 'data.import.ok', { count: stored.length });
  return { code: ResultCode.SUCCESS, message, msg: message, data: { imported: stored.length, errors: [] } };
}

function failure(lang: 'zh' | 'en', errors: RowError[]) {
  errors.sort((a, b) => a.row - b.row);
  const first = errors[0]!;
  const message = translate(lang, 'data.import.failed', {
    count: errors.length,
    first: translate(lang, 'data.import.rowError', first as unknown as Record<string, unknown>),
  });
  return { code: ResultCode.BAD_REQUEST, message, msg: message, data: { imported: 0, errors } };
}
