/** The menus a signed-in user's roles grant (what the shell builds its menu from), through the API. */
import type { TestApp } from './app';

export interface GrantedMenu {
  id: string;
  title: string;
  path: string | null;
  type: number;
}

export async function menusOf(t: TestApp, token: string): Promise<GrantedMenu[]> {
  const info = (await t.request({ url: '/api/auth/userInfo', token })).body.data;
  const reply = await t.request({
    url: '/api/common/tessera_sys_menu/list',
    token,
    body: {
      showFields: ['id', 'title', 'path', 'type'],
      querys: [
        { key: 'app_id', value: info.appId, rule: 'EQUAL' },
        { key: 'id', value: info.menu_ids, rule: 'IN' },
      ],
    },
  });
  return reply.body.data.list as GrantedMenu[];
}
