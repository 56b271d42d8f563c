/**
 * Live traces: subscribed attributes of IEs (through {@code AttributeSubscriber}), decimated to
 * each browser's width and pushed to it over WebSocket with the sequence number, gaps and update
 * rate. One subscription per attribute, shared by every browser watching it, and made with the
 * portal's own account: a browser gets its frames only while the IE confirms, asked as the
 * browser's user, that they may observe it.
 */
package org.instrumentelement.portal.trace;
