// The page asks its own backend for a client secret; the elements call this again before it expires.
window.creatorflow.configure({
  fetchClientSecret: async () => {
    const response = await fetch('/client-secret', { method: 'POST' });
    if (!response.ok) throw new Error(`Could not start the embed session (${response.status})`);
    return response.json(); // { client_secret, expires_at, ... }
  },
});
