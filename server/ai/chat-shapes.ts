/** Route schemas of the chat's calls (docs/conventions.md "Route schemas"). */
import { recordId, strictObject } from '../http/shapes';

const id = (description: string) => ({ ...recordId, description });
const nullableId = (description: string) => ({ anyOf: [recordId, { type: 'null' }], description });

export const CONNECT_QUERY = strictObject({}, 'No parameters');

export const SESSION_LIST_QUERY = strictObject(
  {
    page: { type: 'integer', minimum: 1, maximum: 100000, description: 'Page number, from 1' },
    size: { type: 'integer', minimum: 1, maximum: 100, description: 'Sessions per page (the page: 10)' },
    type: { enum: ['CHAT'], description: 'CHAT' },
  },
  "The user's sessions, newest first",
  ['page', 'size', 'type'],
);

/** addSession and updateSession: what the page sends (the whole session on update; read-only keys ignored). */
export const SESSION_BODY = strictObject(
  {
    sessionType: { enum: ['CHAT'], description: 'CHAT' },
    chatModelId: nullableId('The model (fixed once the session holds records)'),
    agentId: nullableId('The agent the session talks to'),
    sessionName: { type: 'string', maxLength: 200, description: 'The name in the list' },
    id: { description: 'Ignored (the id is in the path)' },
    createTime: { description: 'Ignored' },
    updateTime: { description: 'Ignored' },
  },
  'A chat session',
  ['sessionType', 'chatModelId', 'agentId', 'sessionName', 'id', 'createTime', 'updateTime'],
);

export const ID_PARAMS = strictObject({ id: id('The session') }, 'The session addressed');

export const RECORDS_QUERY = strictObject({ sessionId: id('The session') }, 'The records of one session');

const connectId = {
  type: 'string',
  pattern: '^[0-9a-f]{32}$',
  description: 'The connection id the chat stream sent first',
} as const;

export const STOP_PARAMS = strictObject({ connectId }, 'The connection whose answer stops');

export const SEND_BODY = strictObject(
  {
    connectId,
    sessionId: id('The session'),
    content: { type: 'string', maxLength: 20000, description: 'The question (at most 20,000 characters)' },
    ifConc2: { enum: ['1', '0'], description: "'1' (default): continuous conversation, the history goes along" },
  },
  'A question for the model',
  ['ifConc2'],
);
