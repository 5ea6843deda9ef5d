/** Route schemas of the messages' routes (docs/conventions.md "Route schemas"). */
import { recordId, strictObject, text } from '../http/shapes';
import { MAX_BODY, MAX_LINK, MAX_TITLE } from './send';

const ids = (description: string, max = 1000) =>
  ({ type: 'array', maxItems: max, items: recordId, description }) as const;

export const LIST_QUERY = strictObject(
  {
    current: { type: 'integer', minimum: 1, maximum: 100000, description: 'Page number, from 1' },
    pageSize: { type: 'integer', minimum: 1, maximum: 100, description: 'Messages per page' },
    filter: { enum: ['all', 'unread', 'read'], description: 'Only unread or only read messages' },
  },
  'Paging and filter of my messages',
  ['current', 'pageSize', 'filter'],
);

export const IDS_BODY = strictObject(
  { ids: { ...ids('The messages', 100), minItems: 1 } },
  'The messages addressed (only your own count)',
);

export const ID_PARAMS = strictObject({ id: recordId }, 'The message addressed');

export const SEND_BODY = strictObject(
  {
    to: strictObject(
      {
        userIds: ids('These users of the app'),
        roleIds: ids('Every user holding one of these roles', 100),
        all: { type: 'boolean', description: 'Every user of the app' },
      },
      'Who receives it (any mix; each user once)',
      ['userIds', 'roleIds', 'all'],
    ),
    title: text(MAX_TITLE, 'The title'),
    body: { type: 'string', maxLength: MAX_BODY, description: 'The text (plain text, shown as text)' },
    link: {
      anyOf: [{ type: 'string', maxLength: MAX_LINK }, { type: 'null' }],
      description: 'A page of the app to open from it (a route such as backlog), optional',
    },
  },
  'A message to send',
  ['body', 'link'],
);
