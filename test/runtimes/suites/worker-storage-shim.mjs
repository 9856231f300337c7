// MSW (under the sandbox's handlers) sees workerd as a browser and builds a cookie store on
// localStorage at import time; Workers have none. An in-memory one, installed before MSW loads: an
// integrator running the sandbox's handlers in a Worker needs the same (see docs/decisions.md).
if (!('localStorage' in globalThis)) {
  const items = new Map();
  globalThis.localStorage = {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => items.set(key, String(value)),
    removeItem: (key) => items.delete(key),
    clear: () => items.clear(),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}
