/** The Instrument Element as a web application in a standalone servlet container. */
package org.instrumentelement.ie.war;
