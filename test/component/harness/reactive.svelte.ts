// Props a test changes after mounting, as a parent component would: a deeply reactive object.
export function reactive<T extends object>(value: T): T {
  const state = $state(value);
  return state;
}
