/**
 * What the browser talks to: the page's files and a small JSON API over the IEs' SOAP operations
 * (tree, describe, set parameter, execute command). Refusals carry the IE's fault code and message.
 */
package org.instrumentelement.portal.web;
