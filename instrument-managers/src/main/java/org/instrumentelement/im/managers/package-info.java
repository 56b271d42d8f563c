/**
 * The Instrument Managers that come with the Instrument Element, one per class of device. Each is
 * one class: its model and its hooks. They reach instruments only through IAL sessions, so they
 * drive a mock and a real device alike.
 */
package org.instrumentelement.im.managers;
