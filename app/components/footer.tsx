import { Link } from "@remix-run/react";
import { useSupportContact } from "~/models/support/policy";

export function Footer() {
  const support = useSupportContact();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section>
          <p className="brand">
            Study<span>Arena</span>
          </p>
          <p>Compete smarter, win bigger. Skill contests and second-hand study materials for students across India.</p>
        </section>
        <nav aria-label="Quick links">
          <h2>Quick links</h2>
          <ul>
            <li><Link to="/">Home</Link></li>
            <li><Link to="/contests">Contests</Link></li>
            <li><Link to="/store">Marketplace</Link></li>
            <li><Link to="/blog">Blog</Link></li>
            <li><Link to="/about">About</Link></li>
            <li><Link to="/faq">FAQ</Link></li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2>Legal</h2>
          <ul>
            <li><Link to="/terms">Terms of Service</Link></li>
            <li><Link to="/privacy">Privacy Policy</Link></li>
            <li><Link to="/refund">Refund Policy</Link></li>
            <li><Link to="/cookie">Cookie Policy</Link></li>
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <address>
            {support.address ? (
              <>
                {support.address}
                <br />
              </>
            ) : null}
            <a href={`mailto:${support.email}`}>{support.email}</a>
            {support.phone ? (
              <>
                <br />
                <a href={`tel:${support.phone.replace(/\s/g, "")}`}>{support.phone}</a>
              </>
            ) : null}
          </address>
          <p>
            <Link to="/contact">Contact support</Link>
          </p>
          <ul className="social" aria-label="Social">
            <li><a href="https://www.instagram.com/" rel="noopener noreferrer">Instagram</a></li>
            <li><a href="https://www.youtube.com/" rel="noopener noreferrer">YouTube</a></li>
            <li><a href="https://x.com/" rel="noopener noreferrer">X</a></li>
          </ul>
        </section>
      </div>
      <p className="container copyright">© {new Date().getFullYear()} StudyArena. All rights reserved.</p>
    </footer>
  );
}
