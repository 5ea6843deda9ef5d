/**
 * Names that become SQL identifiers (a field key is a column; a module table is m_{app}_{table}),
 * shared by the browser (the designer marks a bad key as it is typed) and the server (the store
 * refuses it). Kysely quotes identifiers, so a reserved word would still run — but the same module
 * must also work in hand-written SQL (executeSql, reports, exports to other tools), where an
 * unquoted `order` or `user` breaks, and it must behave the same on all three databases. So a key
 * is refused when ANY of them reserves the word.
 *
 * The list: the words marked reserved (R) in MySQL 8.0's keyword list, PostgreSQL 16's appendix C
 * "reserved" and "reserved (can be function or type)" columns, and SQLite's keywords that cannot be
 * used unquoted as column names — minus nothing. Lower case; compare with toLowerCase().
 */

/** A column name: a letter, then letters, digits or _, at most 60 (MySQL's 64 minus room for suffixes). */
export const COLUMN_IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]{0,59}$/;
export const MAX_COLUMN_IDENTIFIER = 60;

const WORDS = `
accessible add all alter analyze and array as asc asensitive authorization before between bigint binary
blob both by call cascade case cast change char character check collate collation column concurrently
condition constraint continue convert create cross cube cume_dist current_catalog current_date
current_role current_schema current_time current_timestamp current_user cursor database databases
day_hour day_microsecond day_minute day_second dec decimal declare default deferrable delayed delete
dense_rank desc describe deterministic distinct distinctrow div do double drop dual each else elseif
empty enclosed end escape escaped except exists exit explain false fetch first_value float float4
float8 for force foreign freeze from full fulltext function generated get glob grant group grouping
groups having high_priority hour_microsecond hour_minute hour_second if ignore ilike in index indexed
infile initially inner inout insensitive insert int int1 int2 int3 int4 int8 integer intersect interval
into io_after_gtids io_before_gtids is isnull iterate join json_table key keys kill lag last_value
lateral lead leading leave left like limit linear lines load localtime localtimestamp lock long
longblob longtext loop low_priority master_bind master_ssl_verify_server_cert match maxvalue
mediumblob mediumint mediumtext middleint minute_microsecond minute_second mod modifies natural not
notnull no_write_to_binlog nth_value ntile null numeric of offset on only optimize optimizer_costs
option optionally or order out outer outfile over overlaps partition percent_rank placing precision
primary procedure purge range rank raise read reads read_write real recursive references regexp
release rename repeat replace require resignal restrict return returning revoke right rlike row rows
row_number schema schemas second_microsecond select sensitive separator session_user set signal
similar smallint some spatial specific sql sqlexception sqlstate sqlwarning sql_big_result
sql_calc_found_rows sql_small_result ssl starting stored straight_join symmetric system table
tablesample terminated then tinyblob tinyint tinytext to trailing transaction trigger true undo union
unique unlock unsigned update usage use user using utc_date utc_time utc_timestamp values varbinary
varchar varcharacter variadic varying verbose virtual when where while window with write xor
year_month zerofill
`;

export const SQL_RESERVED_WORDS: ReadonlySet<string> = new Set(WORDS.split(/\s+/).filter(Boolean));

export const isSqlReservedWord = (name: string) => SQL_RESERVED_WORDS.has(name.toLowerCase());

/** Why `name` cannot be a column, or undefined when it can: 'invalid' (shape) or 'reserved'. */
export function columnIdentifierProblem(name: string): 'invalid' | 'reserved' | undefined {
  if (!COLUMN_IDENTIFIER.test(name)) return 'invalid';
  if (isSqlReservedWord(name)) return 'reserved';
  return undefined;
}

/**
 * Columns every record table has (server/db/tables.ts STANDARD_COLUMNS, which a test keeps equal):
 * a list may sort or nest by them although no field declares them.
 */
export const STANDARD_COLUMN_NAMES: readonly string[] = [
  'id',
  'app_id',
  'create_by',
  'create_at',
  'update_by',
  'update_at',
  'is_deleted',
];
