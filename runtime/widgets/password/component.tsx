import { Input } from 'antd';
import { connect, mapReadPretty } from '@formily/react';
import { ReadText } from '../../react/widget-helpers/read-pretty';

const MASK = '••••••';

/** A detail view shows that a password is set, never the password (nor its length). */
function PasswordRead({ value }: { value?: unknown }) {
  return <ReadText text={value === null || value === undefined || value === '' ? '' : MASK} />;
}

export const PasswordWidget = connect(Input.Password, mapReadPretty(PasswordRead));
