// Receptor de la confirmación (canal POST): la firma, lo que la firma no cubre y su pedido.
// Uso: mcs Confirmacion.cs && LLAVE_TERMINAL=... PEDIDOS=pedidos.txt PUERTO=8080 mono Confirmacion.exe
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Net;
using System.Security.Cryptography;
using System.Text;

public static class Confirmacion
{
    static readonly string Llave = Environment.GetEnvironmentVariable("LLAVE_TERMINAL") ?? "";
    static readonly string CampoFirma = Environment.GetEnvironmentVariable("CAMPO_FIRMA") ?? "firmaPasarela";
    static readonly string Pedidos = Environment.GetEnvironmentVariable("PEDIDOS") ?? "pedidos.txt";

    // transaccionAprobada -> estado del pedido, y a qué estados puede pasar cada uno (nunca hacia atrás).
    static readonly Dictionary<string, string> Estados = new Dictionary<string, string>
    {
        ["1"] = "aprobada", ["0"] = "pendiente", ["-1"] = "rechazada", ["2"] = "abortada", ["3"] = "reversada",
    };
    static readonly Dictionary<string, string[]> Siguientes = new Dictionary<string, string[]>
    {
        ["pendiente"] = new[] { "aprobada", "rechazada", "abortada", "reversada" }, ["aprobada"] = new[] { "reversada" },
    };

    // Sus pedidos, una línea por pedido: "factura valor estado". En su tienda, su base de datos.
    static Dictionary<string, string[]> LeerPedidos()
    {
        return File.ReadAllLines(Pedidos, Encoding.UTF8)
            .Select(linea => linea.Split((char[])null, StringSplitOptions.RemoveEmptyEntries))
            .Where(partes => partes.Length == 3)
            .ToDictionary(partes => partes[0], partes => new[] { partes[1], partes[2] });
    }

    static void GuardarPedidos(Dictionary<string, string[]> pedidos)
    {
        File.WriteAllLines(Pedidos, pedidos.Select(p => p.Key + " " + p.Value[0] + " " + p.Value[1]));
    }

    static Dictionary<string, string> Formulario(string cuerpo)
    {
        var datos = new Dictionary<string, string>();
        foreach (string par in cuerpo.Split('&'))
        {
            string[] nv = par.Split(new[] { '=' }, 2);
            string nombre = WebUtility.UrlDecode(nv[0]);
            if (nv.Length == 2 && !datos.ContainsKey(nombre)) datos[nombre] = WebUtility.UrlDecode(nv[1]);
        }
        return datos;
    }

    static string Valor(Dictionary<string, string> datos, string nombre)
    {
        string valor;
        return datos.TryGetValue(nombre, out valor) ? valor : "";
    }

    // Compara en tiempo fijo: recorre siempre todo el texto, sin salir en la primera diferencia.
    static bool IgualesEnTiempoFijo(string a, string b)
    {
        if (a.Length != b.Length) return false;
        int diferencia = 0;
        for (int i = 0; i < a.Length; i++) diferencia |= a[i] ^ b[i];
        return diferencia == 0;
    }

    static bool FirmaValida(Dictionary<string, string> datos)
    {
        byte[] resumen = MD5.Create().ComputeHash(Encoding.UTF8.GetBytes(Llave + Valor(datos, "codigoFactura")
            + Valor(datos, "valorFactura") + Valor(datos, "codigoAutorizacion")));
        string esperada = BitConverter.ToString(resumen).Replace("-", "").ToLowerInvariant();
        return IgualesEnTiempoFijo(esperada, Valor(datos, CampoFirma).ToLowerInvariant());
    }

    static Tuple<int, string> Atender(Dictionary<string, string> datos)
    {
        if (!FirmaValida(datos)) return Tuple.Create(400, "FIRMA_INVALIDA");
        // La firma no cubre transaccionAprobada: solo un pago aprobado trae un código de autorización real
        // (no vacío, ni 00000 o 00 de una tarjeta rechazada); uno reversado puede traer el del pago aprobado.
        string estado;
        if (!Estados.TryGetValue(Valor(datos, "transaccionAprobada"), out estado)) return Tuple.Create(400, "ESTADO_DESCONOCIDO");
        bool autoriza = !new[] { "", "00000", "00" }.Contains(Valor(datos, "codigoAutorizacion"));
        if (estado != "reversada" && autoriza != (estado == "aprobada")) return Tuple.Create(400, "ESTADO_NO_CONCUERDA");
        // La firma une las partes sin separador: compare factura y valor con su pedido, no con la firma.
        var pedidos = LeerPedidos();
        string[] pedido;
        // Auténtica, pero de ningún pedido suyo: acúsela (200) y no entregue nada; con un error la pasarela la reintentaría.
        if (!pedidos.TryGetValue(Valor(datos, "codigoFactura"), out pedido)) return Tuple.Create(200, "PEDIDO_DESCONOCIDO");
        if (Valor(datos, "valorFactura") != pedido[0]) return Tuple.Create(400, "VALOR_DISTINTO");
        if (estado == pedido[1]) return Tuple.Create(200, "REPETIDA");
        string[] siguientes;
        if (!Siguientes.TryGetValue(pedido[1], out siguientes) || !siguientes.Contains(estado)) return Tuple.Create(409, "CAMBIO_NO_PERMITIDO");
        pedido[1] = estado;
        GuardarPedidos(pedidos);
        // Aquí, si estado es "aprobada", entregue el pedido: cada pedido llega a este punto una sola vez.
        return Tuple.Create(200, "OK");
    }

    static void Responder(HttpListenerResponse respuesta, int estado, string texto)
    {
        byte[] cuerpo = Encoding.UTF8.GetBytes(texto);
        respuesta.StatusCode = estado;
        respuesta.ContentType = "text/plain; charset=utf-8";
        respuesta.ContentLength64 = cuerpo.Length;
        respuesta.OutputStream.Write(cuerpo, 0, cuerpo.Length);
        respuesta.Close();
    }

    public static void Main()
    {
        if (Llave == "") throw new InvalidOperationException("Falta LLAVE_TERMINAL: sin llave ninguna firma prueba nada");
        LeerPedidos(); // sin archivo de pedidos, falla al arrancar y no con la primera confirmación
        var servidor = new HttpListener();
        servidor.Prefixes.Add("http://127.0.0.1:" + (Environment.GetEnvironmentVariable("PUERTO") ?? "8080") + "/");
        servidor.Start();
        while (true)
        {
            HttpListenerContext contexto = servidor.GetContext();
            if (contexto.Request.HttpMethod != "POST")
            {
                Responder(contexto.Response, 405, "");
                continue;
            }
            string cuerpo = new StreamReader(contexto.Request.InputStream, Encoding.UTF8).ReadToEnd();
            var respuesta = Atender(Formulario(cuerpo));
            Responder(contexto.Response, respuesta.Item1, respuesta.Item2 + "\n");
        }
    }
}
