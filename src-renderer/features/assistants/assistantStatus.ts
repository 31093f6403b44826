// The one status line of an assistant's card. It is a single badge on purpose: the card once
// showed "Connected" next to "Not found on this computer" (our entry was in the file, the app
// was not detected), and "Connected" above a failed test launch. Each combination now reads as
// one statement, with what to do about it.
import type { AssistantState, TestLaunch } from '../../../src-shared/routes/index';

export interface AssistantStatus {
  text: string;
  className: string;
  /** What the scientist should know or do, when the badge alone does not say it. */
  hint: string | null;
}

/**
 * `lastTest` is the test launch of this card's latest Connect, Repair or Test connection, if any:
 * a registration whose command just failed is not shown as working.
 */
export function assistantStatus(assistant: AssistantState, lastTest: TestLaunch | null = null): AssistantStatus {
  const { name, state, installed } = assistant;
  switch (state) {
    case 'registered':
      if (lastTest && !lastTest.ok) {
        return { text: 'Connection failed', className: 'badge-initializing', hint: `${name} has the Co-Scientist entry, but its command did not work; see the test launch below.` };
      }
      if (!installed) {
        return {
          text: 'Registered, but not found here',
          className: 'badge-initializing',
          hint: `Co-Scientist is in ${name}'s settings file, but ${name} itself was not found on this computer. Install it (or, if it lives somewhere unusual, use Test connection to check the entry).`,
        };
      }
      return { text: 'Connected', className: 'badge-completed', hint: null };
    case 'needs_repair':
      return { text: 'Needs repair', className: 'badge-initializing', hint: null };
    case 'changed_by_user':
      return { text: 'Changed outside Co-Scientist', className: 'badge-active', hint: null };
    case 'installed':
      return { text: 'Not connected', className: 'badge-paused', hint: null };
    case 'not_installed':
      return { text: 'Not found on this computer', className: 'badge-paused', hint: null };
  }
}
