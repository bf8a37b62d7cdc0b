// SOAP: listarBancos (bancos de PSE). El token sale de /autenticar (vea FlujoRest.java).
// Uso: URL_SOAP=.../ServicioPagos TERMINAL=... TOKEN_SEGURIDAD=... java ListarBancos.java
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

public class ListarBancos {
    static final String PAG = "urn:integraciones:pagos";

    static String xml(String texto) {
        return texto.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    public static void main(String[] args) throws Exception {
        String sobre = """
                <soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:pag="urn:integraciones:pagos">
                  <soapenv:Body>
                    <pag:listarBancos>
                      <pag:idMetodoPago>41</pag:idMetodoPago>
                      <pag:terminal>%s</pag:terminal>
                      <pag:accessToken>%s</pag:accessToken>
                    </pag:listarBancos>
                  </soapenv:Body>
                </soapenv:Envelope>""".formatted(xml(System.getenv("TERMINAL")), xml(System.getenv("TOKEN_SEGURIDAD")));

        HttpRequest solicitud = HttpRequest.newBuilder(URI.create(System.getenv("URL_SOAP")))
                .header("Content-Type", "text/xml; charset=utf-8")
                .header("SOAPAction", "\"" + PAG + "/listarBancos\"")
                .POST(HttpRequest.BodyPublishers.ofString(sobre))
                .build();
        HttpResponse<byte[]> respuesta = HttpClient.newHttpClient().send(solicitud, HttpResponse.BodyHandlers.ofByteArray());
        if (respuesta.statusCode() != 200) {
            throw new IllegalStateException("listarBancos: HTTP " + respuesta.statusCode() + " " + new String(respuesta.body(), "UTF-8"));
        }

        DocumentBuilderFactory fabrica = DocumentBuilderFactory.newInstance();
        fabrica.setNamespaceAware(true);
        NodeList bancos = fabrica.newDocumentBuilder().parse(new ByteArrayInputStream(respuesta.body()))
                .getElementsByTagNameNS(PAG, "banco");
        for (int i = 0; i < bancos.getLength(); i++) {
            Element banco = (Element) bancos.item(i);
            if (banco.getElementsByTagNameNS(PAG, "codigoBanco").item(0).getTextContent().equals("0")) continue; // codigoBanco 0 no es un banco: es el texto de la primera opción de su lista ("A continuación seleccione su banco").
            System.out.println(banco.getElementsByTagNameNS(PAG, "codigoBanco").item(0).getTextContent() + " "
                    + banco.getElementsByTagNameNS(PAG, "nombreBanco").item(0).getTextContent());
        }
    }
}
