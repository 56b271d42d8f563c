package org.instrumentelement.ie;

import java.util.LinkedHashMap;
import java.util.Map;
import org.instrumentelement.ie.client.soap.ConfigureSampling;
import org.instrumentelement.ie.client.soap.DescribeInstrumentManager;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.ImDescription;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.ParameterInfo;
import org.instrumentelement.ie.client.soap.Reserve;
import org.instrumentelement.ie.client.soap.SetParameter;
import org.instrumentelement.ie.client.soap.SubscriptionInfo;
import org.instrumentelement.ie.client.soap.Value;

/** SOAP calls that tests make, through the generated client. */
public final class RunTimeCalls {
  private RunTimeCalls() {}

  static Value setParameter(InstrumentElementPort ie, String im, String parameter, Value v)
      throws Exception {
    SetParameter r = new SetParameter();
    r.setIm(im);
    r.setParameter(parameter);
    r.setValue(v);
    return ie.setParameter(r).getValue();
  }

  static ImDescription describe(InstrumentElementPort ie, String im) throws Exception {
    DescribeInstrumentManager r = new DescribeInstrumentManager();
    r.setIm(im);
    return ie.describeInstrumentManager(r).getDescription();
  }

  /** The parameters of an IM with their values and origins, by name. */
  static Map<String, ParameterInfo> parameters(InstrumentElementPort ie, String im)
      throws Exception {
    Map<String, ParameterInfo> out = new LinkedHashMap<>();
    describe(ie, im).getParameter().forEach(p -> out.put(p.getName(), p));
    return out;
  }

  /** Sets an attribute's sampling period; the subscription it gives, with the broker's URL. */
  public static SubscriptionInfo configureSampling(
      InstrumentElementPort ie, String im, String attribute, long periodMillis) throws Exception {
    ConfigureSampling c = new ConfigureSampling();
    c.setIm(im);
    c.setAttribute(attribute);
    c.setSamplingPeriodMillis(periodMillis);
    return ie.configureSampling(c).getSubscription();
  }

  static SubscriptionInfo subscription(InstrumentElementPort ie, String im, String attribute)
      throws Exception {
    GetSubscriptionInfo g = new GetSubscriptionInfo();
    g.setIm(im);
    g.setAttribute(attribute);
    return ie.getSubscriptionInfo(g).getSubscription();
  }

  static void reserve(InstrumentElementPort ie, String im, long millis) throws Exception {
    Reserve r = new Reserve();
    r.setIm(im);
    r.setDurationMillis(millis);
    ie.reserve(r);
  }
}
