import { describe, expect, it } from 'vitest';
import { defaultRecordId } from './default-record';

describe('defaultRecordId', () => {
  it('opens the current app on app/detail without ?id', () => {
    expect(defaultRecordId('app/detail', { id: 'app-1' })).toBe('app-1');
  });
  it('names nothing before the app info is loaded, or for other routes', () => {
    expect(defaultRecordId('app/detail', undefined)).toBeUndefined();
    expect(defaultRecordId('user', { id: 'app-1' })).toBeUndefined();
  });
});
