package org.instrumentelement.ie.server;

import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBElement;
import jakarta.xml.bind.Marshaller;
import java.io.ByteArrayOutputStream;
import javax.xml.namespace.QName;
import org.instrumentelement.ie.soap.types.Namespaces;

/** What JAXB writes for an answer with the settings CXF and the service give it. */
final class ServiceJaxb {
  private ServiceJaxb() {}

  /** {@code answer} as the element {@code name} of the IE's namespace, UTF-8, a fragment. */
  static <T> byte[] write(String name, Class<T> type, T answer) throws Exception {
    Marshaller m = JAXBContext.newInstance(type).createMarshaller();
    m.setProperty(Marshaller.JAXB_FRAGMENT, true);
    m.setProperty(Marshaller.JAXB_ENCODING, "UTF-8");
    m.setProperty("org.glassfish.jaxb.characterEscapeHandler", new TextEscaper());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    m.marshal(new JAXBElement<>(new QName(Namespaces.IE, name), type, answer), out);
    return out.toByteArray();
  }
}
