/**
 * A fixture builder: each call makes fresh defaults (so a test may change what it gets) and lays
 * the test's own fields over them.
 */
export function builder<T>(defaults: () => T): (over?: Partial<T>) => T {
  return (over = {}) => ({ ...defaults(), ...over });
}
