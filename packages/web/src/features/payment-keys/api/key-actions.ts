import type { KeyAction } from './symmetric-keys.api';

export const ACTION_LABELS: Record<KeyAction, string> = { activate: 'Activate', disable: 'Disable', retire: 'Retire', rotate: 'Rotate' };

/** What the confirmation says each action does, so nobody retires or rotates a key without knowing the consequence. */
export function actionQuestion(action: KeyAction, names: readonly string[]): string {
  const what = names.length === 1 ? names[0]! : `these ${names.length} keys (${names.join(', ')})`;
  switch (action) {
    case 'activate':
      return `Activate ${what}? Active keys can be exported, assigned to key slots and loaded into devices.`;
    case 'disable':
      return `Disable ${what}? A disabled key cannot be exported, assigned or loaded until it is activated again. Its key material is kept.`;
    case 'retire':
      return `Retire ${what}? A retired key can never be used or changed again: it cannot be activated, exported, assigned or loaded. Its record, KCV and history stay for the audit trail. This cannot be undone.`;
    case 'rotate':
      return `Rotate ${what}? The keystore generates new key material under the same name: the key version goes up by one and the KCV changes. The previous material is destroyed, so every device and partner holding the key must receive the new one.`;
  }
}
