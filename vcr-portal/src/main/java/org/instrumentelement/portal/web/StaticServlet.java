package org.instrumentelement.portal.web;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;

/**
 * Serves the page's files from the class path (so the same jar works in the IE's embedded Tomcat
 * and in a WAR), {@code /} being {@code index.html}.
 */
public final class StaticServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;

  private static final String ROOT = "/org/instrumentelement/portal/web";

  private static final Map<String, String> TYPES =
      Map.of(
          "html", "text/html;charset=UTF-8",
          "js", "text/javascript;charset=UTF-8",
          "css", "text/css;charset=UTF-8",
          "svg", "image/svg+xml",
          "png", "image/png");

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse res) throws IOException {
    String path = req.getServletPath() + (req.getPathInfo() == null ? "" : req.getPathInfo());
    if (path.isEmpty() || path.equals("/")) {
      path = "/index.html";
    }
    int dot = path.lastIndexOf('.');
    String type = dot < 0 ? null : TYPES.get(path.substring(dot + 1));
    if (type == null || path.contains("..") || path.contains("//")) {
      res.sendError(HttpServletResponse.SC_NOT_FOUND);
      return;
    }
    try (InputStream in = StaticServlet.class.getResourceAsStream(ROOT + path)) {
      if (in == null) {
        res.sendError(HttpServletResponse.SC_NOT_FOUND);
        return;
      }
      res.setContentType(type);
      // Pages change with the portal's version; a cached old script would talk an old API.
      res.setHeader("Cache-Control", "no-cache");
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.setHeader("X-Frame-Options", "DENY");
      in.transferTo(res.getOutputStream());
    }
  }
}
