/** The antd error box PageRenderer shows in place of a node that cannot render (its own chunk). */
import { Alert } from 'antd';

export default function NodeErrorAlert({ message }: { message: string }) {
  return <Alert type="error" showIcon role="alert" message={message} />;
}
