/** Sign Out is a full browser navigation; the server ends the session and redirects to /. */
export function signOut() {
  window.location.href = '/api/logout';
}
