// Routes under /admin/*. Replaced by the admin panel.
export default function AdminApp() {
  return <p>Admin panel comes here.</p>;
}
