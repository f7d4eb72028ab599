/*
 * Copyright 2002-2019 the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 */
package org.example.graph;

/**
 * A vertex of the graph.
 *
 * @author Juergen Hoeller
 * @author Michal Maczka (michal.maczka@dimatics.com)
 * @since 1.0
 */
public class Vertex {
}
