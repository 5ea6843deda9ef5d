/**
 * POST common/:table/export (building-blocks §8): every row matching a list-query body, columns
 * and titles from exportFields in the order given, streamed from the database in batches (the
 * driver's statement iterator or cursor, server/db/dialects/batches.ts) through exceljs's streaming
 * writer into the reply, so the rows of a large export are never all in memory. The first batch is read before any byte
 * is sent: a bad query still gets a JSON error. A failure after that aborts the download.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ExpressionBuilder } from 'kysely';
import ExcelJS from 'exceljs';
import { translate } from '../../../protocol/messages/index';
import { textOf, type Text } from '../../../protocol/page-schema';
import type { ServerContext } from '../../context';
import { badRequest } from '../../errors';
import { fieldOptions, loadModuleMeta } from '../../modules/field-defs';
import { tableParams } from '../../http/shapes';
import { langOf } from '../../reply';
import { resolveTarget } from '../access';
import { toDataError } from '../db-errors';
import { fromClause, type ListContext } from '../query/build';
import { BASE } from '../query/joins';
import { isBlank, parseListQuery } from '../query/parse';
import { intersectLimits, resolveDataLimit } from '../scope';
import { JoinTables } from '../join-tables';
import type { TableInfo } from '../../modules/table-info';
import { isPlainObject, type Row } from '../values';
import { rowBatches } from '../../db/dialects/batches';
import { cellFormatter, type CellValue } from './format';
import { workbookFileName, workbookHeaders } from './respond';
import { limitedBy } from '../../rate-limits';

export const MAX_EXPORT_COLUMNS = 200;

/**
 * Resolves when a full stream can take more, and rejects when it is closed first (the client went
 * away): the export then stops and lets go of the database connection instead of waiting forever.
 */
function drained(stream: PassThrough): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      stream.off('drain', onDrain);
      stream.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('export stream closed before it was drained'));
    stream.on('drain', onDrain);
    stream.on('close', onClose);
  });
}
/** Rows per database round trip and between back-pressure checks. */
const BATCH = 1000;
/** Keys of a list body that do not apply to an export (it is never paged, columns come from exportFields). */
const DROPPED = ['showFields', 'isPage', 'current', 'pageSize', 'skipCount', 'exportFields', 'extraData', 'parentKey'];

interface ExportColumn {
  key: string;
  title: string;
}

function exportColumns(value: unknown, lang: string): ExportColumn[] {
  if (!Array.isArray(value) || value.length === 0) throw badRequest('data.export.noFields');
  if (value.length > MAX_EXPORT_COLUMNS)
    throw badRequest('server.tooMany', { key: 'exportFields', max: MAX_EXPORT_COLUMNS });
  return value.map((entry) => {
    if (!isPlainObject(entry) || typeof entry.key !== 'string')
      throw badRequest('server.invalidValue', { key: 'exportFields' });
    const raw = entry.title;
    const text = typeof raw === 'string' || isPlainObject(raw) ? textOf(raw as Text, lang) : '';
    const title = typeof text === 'string' && text !== '' ? text : entry.key;
    return { key: entry.key, title: title.slice(0, 255) };
  });
}

export function registerExport(app: FastifyInstance, ctx: ServerContext): void {
  app.post(
    '/api/common/:table/export',
    { config: limitedBy('export'), schema: { params: tableParams } },
    async (request, reply) => {
      const target = await resolveTarget(ctx, request, 'read');
      const { auth } = target;
      const lang = langOf(request);
      const body = request.body === undefined || request.body === null ? {} : request.body;
      if (!isPlainObject(body)) throw badRequest('server.bodyNotObject');
      const columns = exportColumns(body.exportFields, lang);
      const listBody: Row = {};
      for (const [key, value] of Object.entries(body)) if (!DROPPED.includes(key)) listBody[key] = value;
      if (!isBlank(listBody.groups)) throw badRequest('server.unsupported', { key: 'groups' });
      const own = columns.filter((c) => target.table.columns.has(c.key)).map((c) => c.key);
      // The list-query parser checks every condition, join and sort against the registry, as for a list.
      // Joined tables pass the same read guard and scope as in a list (join-tables.ts).
      const joins = new JoinTables(ctx, request, auth);
      const query = await parseListQuery({ ...listBody, showFields: own.length ? own : ['id'] }, target.table, (name) =>
        joins.resolve(name),
      );
      const outputs = new Map(query.fields.map((f) => [f.as, f]));
      for (const c of columns)
        if (!outputs.has(c.key)) throw badRequest('server.unknownField', { key: c.key.slice(0, 64) });

      const meta = await loadModuleMeta(ctx.db.db, ctx.tables, target.scope.appId, target.table);
      const formatters = await Promise.all(
        columns.map(async (c) => {
          const own = target.table.columns.has(c.key);
          const field = own ? meta.fields.get(c.key) : undefined;
          const options = await fieldOptions(ctx.db.db, ctx.tables, target.scope.appId, field, lang);
          return cellFormatter({ column: outputs.get(c.key)!.column, field, options, lang });
        }),
      );
      const extra = isPlainObject(body.extraData) ? body.extraData : {};
      const title =
        typeof extra.title === 'string' && extra.title ? extra.title : textOf(meta.title, lang) || target.table.name;

      const dataLimit = await resolveDataLimit(ctx.db.db, ctx.tables, auth, query.dataLimit);
      const listContext: ListContext = {
        db: ctx.db.db,
        likeOperator: ctx.db.spec.likeOperator,
        joinScope: (table: TableInfo) => joins.scope(table),
      };
      // The body's limit can only narrow the table's declared one (already in target.scope).
      const scope = {
        ...target.scope,
        dataLimit: target.scope.dataLimit ? intersectLimits(target.scope.dataLimit, dataLimit) : dataLimit,
        userTable: ctx.tables.user,
      };
      // The same FROM/WHERE as a list (query/build.ts), ordered the same way, without paging.
      let select = fromClause(listContext, target.table, scope, query).select((eb: ExpressionBuilder<any, any>) =>
        query.fields.map((f) => eb.ref(f.ref).as(f.as)),
      );
      for (const sort of query.sorts) select = select.orderBy(sort.ref, sort.order);
      if (!query.sorts.some((s) => s.ref === `${BASE}.id`))
        select = select.orderBy(`${BASE}.id`, query.sorts.at(-1)?.order ?? 'desc');
      // Rows come as arrays in select order, a batch per read (server/db/dialects/batches.ts); each
      // export column reads its cell from its position in that array.
      const names = query.fields.map((f) => f.as);
      const positions = columns.map((c) => names.indexOf(c.key));
      const batches = rowBatches(ctx.db.db, ctx.db.spec, select.compile(), BATCH, names);
      let first: IteratorResult<unknown[][]>;
      try {
        first = await batches.next();
      } catch (error) {
        throw toDataError(error, ctx.db, target.table);
      }
      // A larger buffer than the 16 KB default: fewer pauses while the socket drains.
      const out = new PassThrough({ highWaterMark: 4 * 1024 * 1024 });
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: false,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet('Sheet1');
      sheet.addRow(columns.map((c) => c.title)).commit();
      const width = columns.length;
      const write = async () => {
        for (let next = first; !next.done; next = await batches.next()) {
          for (const row of next.value) {
            const cells = new Array<CellValue>(width);
            for (let i = 0; i < width; i++) cells[i] = formatters[i]!(row[positions[i]!]);
            sheet.addRow(cells).commit();
          }
          // exceljs zips on later event-loop turns: yield so each batch leaves memory before the
          // next is read, and wait for a slow client (back-pressure) instead of buffering for it.
          await new Promise((resolve) => setImmediate(resolve));
          if (out.writableNeedDrain) await drained(out);
        }
        sheet.commit();
        await workbook.commit();
      };
      write().catch(async (error: unknown) => {
        request.log.error({ err: error }, 'export aborted');
        await batches.return?.(undefined).catch(() => undefined);
        out.destroy(error instanceof Error ? error : new Error('export failed'));
      });
      return workbookHeaders(reply, workbookFileName(title, translate(lang, 'data.export.suffix'))).send(out);
    },
  );
}
