// A trimmed text with a length range, whose errors name the field: what every free-text field of
// the research domain is checked with (engine/schemas.ts) and what the shared contracts reuse.
import { z } from 'zod';

export const Text = (min: number, max: number, what: string) =>
  z.string().trim().min(min, `${what} needs at least ${min} characters`).max(max, `${what} is limited to ${max} characters`);
