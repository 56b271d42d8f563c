package org.instrumentelement.portal.auth;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.util.Set;

/**
 * Lets only signed-in sessions through, except to the sign-in page, its resources and the sign-in
 * call. Pages are redirected to the sign-in page; API calls get 401 with a JSON body.
 */
public final class SignInFilter extends HttpFilter {
  private static final long serialVersionUID = 1L;

  /** The session attribute holding the signed-in user's name. */
  public static final String USER = "org.instrumentelement.portal.user";

  private static final Set<String> OPEN =
      Set.of("/signin.html", "/portal.css", "/signin.js", "/favicon.svg", "/api/signin");

  /** The session attribute holding the signed-in user's credentials. */
  public static final String CREDENTIALS = "org.instrumentelement.portal.credentials";

  /** The signed-in user of {@code session}, or null. */
  public static String user(HttpSession session) {
    return session == null ? null : (String) session.getAttribute(USER);
  }

  /** The signed-in user's credentials, or null. */
  public static Credentials credentials(HttpSession session) {
    return session == null ? null : (Credentials) session.getAttribute(CREDENTIALS);
  }

  private static boolean sameOrigin(HttpServletRequest req) {
    String origin = req.getHeader("Origin");
    String host = req.getHeader("Host");
    if (origin == null || host == null) {
      return origin == null; // not a browser
    }
    try {
      return host.equalsIgnoreCase(java.net.URI.create(origin).getRawAuthority());
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  @Override
  protected void doFilter(HttpServletRequest req, HttpServletResponse res, FilterChain chain)
      throws IOException, ServletException {
    String path = req.getServletPath() + (req.getPathInfo() == null ? "" : req.getPathInfo());
    if ("websocket".equalsIgnoreCase(req.getHeader("Upgrade")) && !sameOrigin(req)) {
      // Browsers send the session cookie with cross-site WebSocket handshakes too.
      res.sendError(HttpServletResponse.SC_FORBIDDEN, "cross-origin WebSocket refused");
      return;
    }
    if (OPEN.contains(path) || user(req.getSession(false)) != null) {
      chain.doFilter(req, res);
      return;
    }
    if (path.startsWith("/api/")) {
      res.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
      res.setContentType("application/json");
      res.setCharacterEncoding("UTF-8");
      res.getWriter().write("{\"error\":{\"code\":\"SIGN_IN\",\"message\":\"Sign in first\"}}");
    } else {
      res.sendRedirect(req.getContextPath() + "/signin.html");
    }
  }
}
