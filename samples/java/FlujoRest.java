// Flujo REST: autenticar -> pago con tarjeta -> consulta del estado.
// Uso: URL_AUTENTICACION=... URL_API=... USUARIO_API=... CLAVE_API=... TERMINAL=... LLAVE_PUBLICA_PEM="$(cat llave.pem)" java FlujoRest.java
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Cipher;

public class FlujoRest {
    static final Map<String, String> ENTORNO = System.getenv();
    static final HttpClient HTTP = HttpClient.newHttpClient();

    static String llamar(String url, String json) throws Exception {
        HttpRequest solicitud = HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json))
                .build();
        HttpResponse<String> respuesta = HTTP.send(solicitud, HttpResponse.BodyHandlers.ofString());
        if (respuesta.statusCode() != 200) throw new IllegalStateException(url + ": HTTP " + respuesta.statusCode() + " " + respuesta.body());
        return respuesta.body();
    }

    // El JDK no trae JSON: una biblioteca (Jackson, Gson) lo lee en una aplicación real; aquí basta leer un campo de texto.
    static String campo(String json, String nombre) {
        Matcher m = Pattern.compile("\"" + nombre + "\"\\s*:\\s*\"([^\"]*)\"").matcher(json);
        if (!m.find()) throw new IllegalStateException("falta " + nombre + " en " + json);
        return m.group(1);
    }

    // Los campos de la tarjeta van cifrados con RSA (PKCS#1 v1.5) y la llave pública de la pasarela, en hexadecimal.
    static String cifrar(PublicKey llave, String texto) throws Exception {
        Cipher rsa = Cipher.getInstance("RSA/ECB/PKCS1Padding");
        rsa.init(Cipher.ENCRYPT_MODE, llave);
        return HexFormat.of().formatHex(rsa.doFinal(texto.getBytes("UTF-8")));
    }

    public static void main(String[] args) throws Exception {
        String pem = ENTORNO.get("LLAVE_PUBLICA_PEM").replaceAll("-----[A-Z ]+-----|\\s", "");
        PublicKey llave = KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(pem)));
        String terminal = ENTORNO.get("TERMINAL");

        String auth = llamar(ENTORNO.get("URL_AUTENTICACION") + "/autenticar", String.format(
                "{\"usuario\":\"%s\",\"clave\":\"%s\",\"terminal\":\"%s\"}", ENTORNO.get("USUARIO_API"), ENTORNO.get("CLAVE_API"), terminal));
        if (!campo(auth, "codigoRespuesta").equals("0")) throw new IllegalStateException("autenticar: " + auth);
        String token = campo(auth, "tokenSeguridad");

        String referencia = "PED-" + UUID.randomUUID().toString().substring(0, 8);
        String pago = llamar(ENTORNO.get("URL_API") + "/confirmacionTransaccionMedioPago", String.format(
                "{\"MetodoPago\":{\"Id\":\"37\",\"campo1\":\"%s\",\"campo2\":\"%s\",\"campo3\":\"%s\",\"campo4\":\"%s\",\"campo5\":\"1\"},"
                        + "\"Referencia\":\"%s\",\"Valortotal\":\"150000\",\"Valorbase\":\"0\",\"Valoriva\":\"0\","
                        + "\"Descripcion\":\"Compra de prueba\",\"Correo\":\"ana.perez@example.com\",\"Nombre\":\"Ana\","
                        + "\"Apellido\":\"Pérez\",\"Documento\":\"1020304050\",\"tipoDocumento\":\"1\",\"Terminal\":\"%s\",\"tokenSeguridad\":\"%s\"}",
                cifrar(llave, "4111111111111111"), cifrar(llave, "123"), cifrar(llave, "2027"), cifrar(llave, "12"), referencia, terminal, token));
        String seguimiento = campo(pago, "CodigoSeguimiento");
        System.out.println("pago: CodigoRespuesta " + campo(pago, "CodigoRespuesta") + ", estado " + campo(pago, "estado")
                + ", CodigoSeguimiento " + seguimiento);

        String estado = llamar(ENTORNO.get("URL_API") + "/consultarEstadoTransaccion", String.format(
                "{\"terminal\":\"%s\",\"referencia\":\"%s\",\"codigoSeguimiento\":\"%s\",\"tokenSeguridad\":\"%s\",\"estadoPago\":true,\"valorTotal\":true}",
                terminal, referencia, seguimiento, token));
        System.out.println("consulta: codigoRespuesta " + campo(estado, "codigoRespuesta") + ", estadoPago " + campo(estado, "estadoPago")
                + ", valorTotal " + campo(estado, "valorTotal"));
    }
}
