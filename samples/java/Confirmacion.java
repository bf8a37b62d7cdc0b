// Receptor de la confirmación (canal POST): la firma, lo que la firma no cubre y su pedido.
// Uso: LLAVE_TERMINAL=... PEDIDOS=pedidos.txt PUERTO=8080 java Confirmacion.java
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public class Confirmacion {
    static final String LLAVE = System.getenv().getOrDefault("LLAVE_TERMINAL", "");
    static final String CAMPO_FIRMA = System.getenv().getOrDefault("CAMPO_FIRMA", "firmaPasarela");
    static final Path PEDIDOS = Path.of(System.getenv().getOrDefault("PEDIDOS", "pedidos.txt"));

    // transaccionAprobada -> estado del pedido, y a qué estados puede pasar cada uno (nunca hacia atrás).
    static final Map<String, String> ESTADOS = Map.of("1", "aprobada", "0", "pendiente", "-1", "rechazada", "2", "abortada", "3", "reversada");
    static final Map<String, List<String>> SIGUIENTES = Map.of(
            "pendiente", List.of("aprobada", "rechazada", "abortada", "reversada"), "aprobada", List.of("reversada"));

    // Sus pedidos, una línea por pedido: "factura valor estado". En su tienda, su base de datos.
    static Map<String, String[]> leerPedidos() throws IOException {
        Map<String, String[]> pedidos = new LinkedHashMap<>();
        for (String linea : Files.readAllLines(PEDIDOS, StandardCharsets.UTF_8)) {
            String[] partes = linea.trim().split("\\s+");
            if (partes.length == 3) pedidos.put(partes[0], new String[] {partes[1], partes[2]});
        }
        return pedidos;
    }

    static void guardarPedidos(Map<String, String[]> pedidos) throws IOException {
        List<String> lineas = new ArrayList<>();
        pedidos.forEach((factura, p) -> lineas.add(factura + " " + p[0] + " " + p[1]));
        Files.write(PEDIDOS, lineas, StandardCharsets.UTF_8);
    }

    static Map<String, String> formulario(String cuerpo) {
        Map<String, String> datos = new HashMap<>();
        for (String par : cuerpo.split("&")) {
            String[] nv = par.split("=", 2);
            if (nv.length == 2) datos.putIfAbsent(URLDecoder.decode(nv[0], StandardCharsets.UTF_8), URLDecoder.decode(nv[1], StandardCharsets.UTF_8));
        }
        return datos;
    }

    static boolean firmaValida(Map<String, String> datos) throws Exception {
        String texto = LLAVE + datos.getOrDefault("codigoFactura", "") + datos.getOrDefault("valorFactura", "")
                + datos.getOrDefault("codigoAutorizacion", "");
        byte[] esperada = HexFormat.of().formatHex(MessageDigest.getInstance("MD5")
                .digest(texto.getBytes(StandardCharsets.UTF_8))).getBytes(StandardCharsets.UTF_8);
        byte[] recibida = datos.getOrDefault(CAMPO_FIRMA, "").toLowerCase().getBytes(StandardCharsets.UTF_8);
        return MessageDigest.isEqual(esperada, recibida);
    }

    static synchronized String[] atender(Map<String, String> datos) throws Exception {
        if (!firmaValida(datos)) return new String[] {"400", "FIRMA_INVALIDA"};
        // La firma no cubre transaccionAprobada: solo un pago aprobado trae un código de autorización real
        // (no vacío, ni 00000 o 00 de una tarjeta rechazada); uno reversado puede traer el del pago aprobado.
        String estado = ESTADOS.get(datos.getOrDefault("transaccionAprobada", ""));
        if (estado == null) return new String[] {"400", "ESTADO_DESCONOCIDO"};
        boolean autoriza = !List.of("", "00000", "00").contains(datos.getOrDefault("codigoAutorizacion", ""));
        if (!estado.equals("reversada") && autoriza != estado.equals("aprobada")) return new String[] {"400", "ESTADO_NO_CONCUERDA"};
        // La firma une las partes sin separador: compare factura y valor con su pedido, no con la firma.
        Map<String, String[]> pedidos = leerPedidos();
        String[] pedido = pedidos.get(datos.getOrDefault("codigoFactura", ""));
        // Auténtica, pero de ningún pedido suyo: acúsela (200) y no entregue nada; con un error la pasarela la reintentaría.
        if (pedido == null) return new String[] {"200", "PEDIDO_DESCONOCIDO"};
        if (!pedido[0].equals(datos.get("valorFactura"))) return new String[] {"400", "VALOR_DISTINTO"};
        if (estado.equals(pedido[1])) return new String[] {"200", "REPETIDA"};
        if (!SIGUIENTES.getOrDefault(pedido[1], List.of()).contains(estado)) return new String[] {"409", "CAMBIO_NO_PERMITIDO"};
        pedido[1] = estado;
        guardarPedidos(pedidos);
        // Aquí, si estado es "aprobada", entregue el pedido: cada pedido llega a este punto una sola vez.
        return new String[] {"200", "OK"};
    }

    static void responder(HttpExchange intercambio, int estado, String texto) throws IOException {
        byte[] cuerpo = texto.getBytes(StandardCharsets.UTF_8);
        intercambio.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        intercambio.sendResponseHeaders(estado, cuerpo.length);
        intercambio.getResponseBody().write(cuerpo);
        intercambio.close();
    }

    public static void main(String[] args) throws Exception {
        if (LLAVE.isEmpty()) throw new IllegalStateException("Falta LLAVE_TERMINAL: sin llave ninguna firma prueba nada");
        leerPedidos(); // sin archivo de pedidos, falla al arrancar y no con la primera confirmación
        int puerto = Integer.parseInt(System.getenv().getOrDefault("PUERTO", "8080"));
        HttpServer servidor = HttpServer.create(new InetSocketAddress("127.0.0.1", puerto), 0);
        servidor.createContext("/", intercambio -> {
            try {
                if (!intercambio.getRequestMethod().equals("POST")) {
                    responder(intercambio, 405, "");
                    return;
                }
                String[] respuesta = atender(formulario(new String(intercambio.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)));
                responder(intercambio, Integer.parseInt(respuesta[0]), respuesta[1] + "\n");
            } catch (Exception error) {
                responder(intercambio, 500, "");
            }
        });
        servidor.start();
    }
}
