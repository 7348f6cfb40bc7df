/**
 * Marks this tab as following a password-reset link (the PASSWORD_RECOVERY auth event): the reset
 * screen then offers a new password instead of the e-mail form. Per tab and until the new password
 * is set, so a reload on the way keeps it.
 */
const RECOVERY_KEY = 'datebook.passwordRecovery';

export function startPasswordRecovery(): void {
  try {
    sessionStorage.setItem(RECOVERY_KEY, 'true');
  } catch {
    // Storage switched off: the reset screen falls back to the e-mail form after a reload.
  }
}

export function isRecoveringPassword(): boolean {
  try {
    return sessionStorage.getItem(RECOVERY_KEY) === 'true';
  } catch {
    return false;
  }
}

export function endPasswordRecovery(): void {
  try {
    sessionStorage.removeItem(RECOVERY_KEY);
  } catch {
    // Nothing was stored.
  }
}
