/** The portal's configuration: keys, defaults and where they come from. */
package org.instrumentelement.portal.config;
