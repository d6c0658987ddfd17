// The preload builds one function per method from a zod-free list of names (so that zod stays
// out of the sandboxed bundle): that list is the contract's, every method, in order.
import { describe, expect, it } from 'vitest';
import { DESK_METHODS } from '../../../shared/desk/api';
import { METHOD_NAMES } from '../../../shared/desk/method-names';

describe('the preload list of method names', () => {
  it('is exactly the DeskApi methods', () => {
    expect([...METHOD_NAMES]).toEqual(Object.keys(DESK_METHODS));
    expect(new Set(METHOD_NAMES).size).toBe(METHOD_NAMES.length);
  });
});
