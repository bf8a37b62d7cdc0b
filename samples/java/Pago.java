// Formulario firmado del pago normal (canal POST), hecho en el servidor del comercio.
// Uso: LLAVE_TERMINAL=... USUARIO_COMERCIO=... URL_PAGINA_COMPRA=... java Pago.java [instante ISO 8601]
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

public class Pago {
    static String hex(String algoritmo, String texto) throws Exception {
        byte[] resumen = MessageDigest.getInstance(algoritmo).digest(texto.getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(resumen);
    }

    static String checksum(String factura, String valor, String llave) throws Exception {
        return hex("SHA-512", factura + valor.split("\\.")[0] + llave); // valor entero, sin decimales
    }

    static String tokenSeguridad(String llave, Instant instante) throws Exception {
        String hora = instante.atOffset(ZoneOffset.ofHours(-5)).format(DateTimeFormatter.ofPattern("HH:mm"));
        return hex("MD5", llave + hora);
    }

    static String md5ValidacionValor(String llave, String valor) throws Exception {
        return hex("MD5", llave + valor);
    }

    static String html(String texto) {
        return texto.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;");
    }

    static String formularioPago(String factura, String valor, String descripcion, Map<String, String> comprador,
            Instant instante) throws Exception {
        String llave = System.getenv("LLAVE_TERMINAL");
        if (llave == null) throw new IllegalStateException("Falta la variable de entorno LLAVE_TERMINAL");
        Map<String, String> campos = new LinkedHashMap<>();
        campos.put("usuario", System.getenv().getOrDefault("USUARIO_COMERCIO", ""));
        campos.put("factura", factura);
        campos.put("valor", valor);
        campos.put("descripcionFactura", descripcion);
        campos.put("checksum", checksum(factura, valor, llave));
        campos.put("tokenSeguridad", tokenSeguridad(llave, instante));
        campos.put("md5ValidacionValor", md5ValidacionValor(llave, valor));
        campos.putAll(comprador);

        StringBuilder html = new StringBuilder("<form action=\"" + html(System.getenv().getOrDefault("URL_PAGINA_COMPRA", ""))
                + "\" method=\"post\" accept-charset=\"utf-8\">\n");
        campos.forEach((nombre, v) -> html.append("  <input type=\"hidden\" name=\"" + nombre + "\" value=\"" + html(v) + "\">\n"));
        return html.append("  <button type=\"submit\">Pagar</button>\n</form>\n").toString();
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> comprador = new LinkedHashMap<>();
        comprador.put("tipoDocumento", "CC");
        comprador.put("documentoComprador", "1020304050");
        comprador.put("nombreComprador", "Ana");
        comprador.put("apellidoComprador", "Pérez");
        comprador.put("correoComprador", "ana.perez@example.com");
        comprador.put("celularComprador", "3001234567");
        comprador.put("direccionComprador", "Calle 10 # 20-30");
        Instant instante = args.length > 0 ? Instant.parse(args[0]) : Instant.now();
        System.out.print(formularioPago("FAC-000123", "150000", "Compra de prueba", comprador, instante));
    }
}
