/** Route schemas of server/flows (docs/conventions.md "Route schemas"). */
import { recordId, strictObject, text } from '../http/shapes';

const ID = { type: 'string', pattern: '^[0-9a-f]{32}$', description: 'An id (32 hex)' } as const;
const comment = { type: 'string', maxLength: 1000, description: 'A comment on the timeline' } as const;

export const ID_PARAMS = strictObject({ id: ID }, 'The flow addressed');
export const START_BODY = strictObject(
  {
    module: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$', description: 'The module (table key)' },
    recordId: { ...recordId, description: 'The record to submit' },
    comment,
  },
  'Submit a record for approval',
  ['comment'],
);
export const APPROVE_BODY = strictObject(
  {
    todoId: { ...ID, description: 'The to-do acted on' },
    comment,
    values: { type: 'object', description: 'Changes to the fields this step allows' },
  },
  'Approve a to-do',
  ['comment', 'values'],
);
export const REJECT_BODY = strictObject({ todoId: ID, comment }, 'Reject: back to the starter', ['comment']);
export const RETURN_BODY = strictObject(
  { todoId: ID, toStep: { type: 'integer', minimum: 0, description: 'The earlier step (0-based)' }, comment },
  'Return to an earlier step',
  ['comment'],
);
export const TRANSFER_BODY = strictObject(
  { todoId: ID, userId: { ...ID, description: 'The user who takes the to-do over' }, comment },
  'Transfer the to-do to another person',
  ['comment'],
);
export const WITHDRAW_BODY = strictObject({ instanceId: ID, comment }, 'Withdraw by the starter', ['comment']);
export const COMMENT_BODY = strictObject(
  { instanceId: ID, comment: text(1000, 'The comment') },
  'Add a comment to the timeline',
);
export const TIMELINE_QUERY = strictObject(
  {
    module: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$', description: 'The module (table key)' },
    recordId: { ...recordId, description: 'The record' },
  },
  'Which record',
);
export const TODOS_QUERY = strictObject(
  {
    status: { type: 'string', enum: ['pending', 'done'], description: 'Pending or done to-dos' },
    module: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$', description: 'Only this module' },
    keyword: { type: 'string', maxLength: 100, description: 'In the title or the starter name' },
    page: { type: 'integer', minimum: 1, description: 'Page, from 1' },
    size: { type: 'integer', minimum: 1, maximum: 100, description: 'Rows per page' },
  },
  'Which to-dos',
  ['status', 'module', 'keyword', 'page', 'size'],
);
