import { Link, NavLink, Outlet } from 'react-router';

function Layout() {
  return (
    <div className="layout">
      <header className="header">
        <Link to="/" className="brand">
          Field Guide
        </Link>
        <nav aria-label="Main">
          <NavLink to="/" end>
            Home
          </NavLink>
          <NavLink to="/about">About</NavLink>
        </nav>
      </header>
      <main className="content">
        <Outlet />
      </main>
      <footer className="footer">Built with React Router and Vite.</footer>
    </div>
  );
}

export default Layout;
