/** antd's Alert as a module of its own, for LazyAlert's dynamic import (its own chunk). */
export { Alert as default } from 'antd';
