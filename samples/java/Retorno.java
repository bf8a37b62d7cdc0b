// Página de respuesta (canal POST): a ella vuelve el comprador con las variables de respuesta.
// Uso: LLAVE_TERMINAL=... PUERTO=8081 java Retorno.java
// Solo informa al comprador: el pedido se entrega por la confirmación (Confirmacion.java), nunca desde aquí.
import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

public class Retorno {
    static final String LLAVE = System.getenv().getOrDefault("LLAVE_TERMINAL", "");
    static final String CAMPO_FIRMA = System.getenv().getOrDefault("CAMPO_FIRMA", "firmaPasarela");
    static final Map<String, String> MENSAJES = Map.of(
            "1", "Pago aprobado: su pedido sale cuando llegue la confirmación.",
            "0", "Pago pendiente: le avisaremos cuando se confirme.",
            "-1", "El pago no se aprobó.",
            "2", "El pago no se completó.",
            "3", "El pago se reversó.");

    static Map<String, String> formulario(String cuerpo) {
        Map<String, String> datos = new HashMap<>();
        for (String par : cuerpo.split("&")) {
            String[] nv = par.split("=", 2);
            if (nv.length == 2) datos.putIfAbsent(URLDecoder.decode(nv[0], StandardCharsets.UTF_8), URLDecoder.decode(nv[1], StandardCharsets.UTF_8));
        }
        return datos;
    }

    static String html(String texto) {
        return texto.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    // La respuesta pasa por el navegador del comprador: sin la firma y un estado que concuerde con el
    // código de autorización (firmado), no le diga que pagó.
    static boolean verificada(Map<String, String> datos) throws Exception {
        String texto = LLAVE + datos.getOrDefault("codigoFactura", "") + datos.getOrDefault("valorFactura", "")
                + datos.getOrDefault("codigoAutorizacion", "");
        byte[] esperada = HexFormat.of().formatHex(MessageDigest.getInstance("MD5")
                .digest(texto.getBytes(StandardCharsets.UTF_8))).getBytes(StandardCharsets.UTF_8);
        byte[] recibida = datos.getOrDefault(CAMPO_FIRMA, "").toLowerCase().getBytes(StandardCharsets.UTF_8);
        String estado = datos.getOrDefault("transaccionAprobada", "");
        boolean autoriza = !List.of("", "00000", "00").contains(datos.getOrDefault("codigoAutorizacion", ""));
        return !LLAVE.isEmpty() && MessageDigest.isEqual(esperada, recibida) && MENSAJES.containsKey(estado)
                && (estado.equals("3") || autoriza == estado.equals("1"));
    }

    public static void main(String[] args) throws Exception {
        int puerto = Integer.parseInt(System.getenv().getOrDefault("PUERTO", "8081"));
        HttpServer servidor = HttpServer.create(new InetSocketAddress("127.0.0.1", puerto), 0);
        servidor.createContext("/", intercambio -> {
            try {
                // Solo el cuerpo: la dirección la puede cambiar cualquiera.
                Map<String, String> datos = formulario(new String(intercambio.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
                String mensaje = verificada(datos) ? MENSAJES.get(datos.get("transaccionAprobada"))
                        : "No pudimos verificar esta respuesta: consulte el estado de su pedido.";
                byte[] cuerpo = ("<!doctype html>\n<html lang=\"es\"><meta charset=\"utf-8\"><title>Su compra</title>\n<h1>Factura "
                        + html(datos.getOrDefault("codigoFactura", "")) + "</h1>\n<p>" + html(mensaje) + "</p>\n</html>\n").getBytes(StandardCharsets.UTF_8);
                intercambio.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
                intercambio.sendResponseHeaders(200, cuerpo.length);
                intercambio.getResponseBody().write(cuerpo);
            } catch (Exception error) {
                intercambio.sendResponseHeaders(500, -1);
            }
            intercambio.close();
        });
        servidor.start();
    }
}
