/** The mailbox open last, reopened by the next visit (a reload keeps the person's place). */
const SELECTED_KEY = 'ephemera.mailSelected';
/** Set once this device has its first address (made on the first visit, or by hand). */
const FIRST_MADE_KEY = 'ephemera.firstAddressMade';

export function rememberSelection(email: string | null): void {
  try {
    if (email) localStorage.setItem(SELECTED_KEY, email);
    else localStorage.removeItem(SELECTED_KEY);
  } catch {
    // No storage: the next visit starts at the list.
  }
}

export function storedSelection(): string | null {
  try {
    return localStorage.getItem(SELECTED_KEY);
  } catch {
    return null;
  }
}

/** Whether this device's first address was made already (true without storage: never again). */
export function firstMade(): boolean {
  try {
    return localStorage.getItem(FIRST_MADE_KEY) !== null;
  } catch {
    return true;
  }
}

export function markFirstMade(): void {
  try {
    localStorage.setItem(FIRST_MADE_KEY, new Date().toISOString());
  } catch {
    // No storage: nothing is remembered anyway.
  }
}
