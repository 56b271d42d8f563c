/**
 * What the browser talks to: the page's files and a small JSON API over the IEs' SOAP operations
 * (tree, describe, set parameter, execute command, history trends). {@code ApiServlet} routes each
 * call to its handler ({@code SessionApi}, {@code TreeApi}, {@code ImPanelApi}, {@code
 * ImChangeApi}, {@code TrendApi}, ...); refusals carry the IE's fault code and message.
 */
package org.instrumentelement.portal.web;
